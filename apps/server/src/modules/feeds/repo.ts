import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { articles, mediaAssets, type Db } from '@chapar/db';

const published = eq(articles.status, 'published');
const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

/** What a feed item (and a podcast episode) shows of an article. */
const itemColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  metaDescription: articles.metaDescription,
  category: articles.category,
  podcastUrl: articles.podcastUrl,
  podcastDuration: articles.podcastDuration,
  podcastBytes: articles.podcastBytes,
  publishedAt: articles.publishedAt,
};

export const feedRepo = {
  /** Newest published articles, optionally of one category (its stored English name). */
  async latest(db: Db, opts: { limit: number; category?: string }) {
    // The cover's size as stored (kept up to date by the watermark), for the enclosure's length.
    // The article's columns are named with their table: in a select list drizzle writes a column of
    // a one-table query bare, and a bare "id" inside this subquery is the media row's own.
    const imageBytes = sql<number | null>`(SELECT m.bytes FROM ${mediaAssets} m
      WHERE m.article_id = "articles"."id" AND m.url = "articles"."image_url" AND m.bytes > 0 LIMIT 1)`;
    return db.select({ ...itemColumns, imageUrl: articles.imageUrl, imageBytes }).from(articles)
      .where(opts.category ? and(published, eq(articles.category, opts.category)) : published)
      .orderBy(...newestFirst).limit(opts.limit);
  },

  /** Newest published articles that have a podcast, optionally of one category: the podcast's episodes. */
  async withPodcasts(db: Db, opts: { limit: number; category?: string }) {
    const withAudio = and(published, isNotNull(articles.podcastUrl));
    return db.select(itemColumns).from(articles)
      .where(opts.category ? and(withAudio, eq(articles.category, opts.category)) : withAudio)
      .orderBy(...newestFirst).limit(opts.limit);
  },

  async forSitemap(db: Db, limit: number) {
    return db.select({ id: articles.id, title: articles.title, updatedAt: articles.updatedAt })
      .from(articles).where(published).orderBy(...newestFirst).limit(limit);
  },

  async publishedSince(db: Db, since: Date, limit: number) {
    return db.select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
      .from(articles).where(and(published, gte(articles.publishedAt, since))).orderBy(...newestFirst).limit(limit);
  },
};
