// The digest's articles: the site's own ranking (the most-read list's: most viewed first) over the
// digest's period, chosen once when the digest is made and read back by id for every mail.
import { and, eq, inArray } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';
import { articleRepo } from '../articles/repo.ts';

export interface DigestArticle {
  id: number;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  imageAltText: string | null;
  category: string | null;
  publishedAt: Date | null;
}

export async function chooseDigestArticles(db: Db, limit: number, since: Date): Promise<DigestArticle[]> {
  return (await articleRepo.popular(db, limit, since)).map((a) => ({
    id: a.id, title: a.title, excerpt: a.excerpt, imageUrl: a.imageUrl, imageAltText: a.imageAltText, category: a.category, publishedAt: a.publishedAt,
  }));
}

/** The digest's articles still published, in the digest's order. */
export async function digestArticles(db: Db, ids: number[]): Promise<DigestArticle[]> {
  if (!ids.length) return [];
  const rows = await db.select({
    id: articles.id, title: articles.title, excerpt: articles.excerpt, imageUrl: articles.imageUrl, imageAltText: articles.imageAltText,
    category: articles.category, publishedAt: articles.publishedAt,
  }).from(articles).where(and(inArray(articles.id, ids), eq(articles.status, 'published')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
