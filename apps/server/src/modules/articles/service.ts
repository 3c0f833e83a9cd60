import { ARTICLE_NOT_FOUND, type Article, type ArticleSummary, type ListArticlesQuery } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { toArticle } from './dto.ts';
import { articleRepo } from './repo.ts';

export const RELATED_LIMIT = 6;
const POPULAR_WINDOW_DAYS = 30;

export async function listArticles(db: Db, query: ListArticlesQuery): Promise<Article[]> {
  const rows = await articleRepo.list(db, { offset: (query.page - 1) * query.limit, limit: query.limit, category: query.category });
  return rows.map(toArticle);
}

/** The same list as summaries, for the server's own pages (articleRepo.summaries). */
export async function listSummaries(db: Db, query: ListArticlesQuery): Promise<ArticleSummary[]> {
  return articleRepo.summaries(db, { offset: (query.page - 1) * query.limit, limit: query.limit, category: query.category });
}

export async function featuredArticles(db: Db, limit: number): Promise<Article[]> {
  return (await articleRepo.featured(db, limit)).map(toArticle);
}

/** Most viewed of the last month; topped up from all time when the month is quiet. */
export async function popularArticles(db: Db, limit: number, now = new Date()): Promise<Article[]> {
  const recent = await articleRepo.popular(db, limit, new Date(now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000));
  if (recent.length >= limit) return recent.map(toArticle);
  const seen = new Set(recent.map((a) => a.id));
  const more = (await articleRepo.popularAllTime(db, limit)).filter((a) => !seen.has(a.id));
  return [...recent, ...more].slice(0, limit).map(toArticle);
}

export async function getArticle(db: Db, id: number): Promise<Article> {
  const row = await articleRepo.byId(db, id);
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return toArticle(row);
}

export async function relatedArticles(db: Db, id: number): Promise<Article[]> {
  const page = await articleRepo.articlePage(db, id, RELATED_LIMIT);
  if (!page.article) throw notFound(ARTICLE_NOT_FOUND);
  return page.related.map(toArticle);
}
