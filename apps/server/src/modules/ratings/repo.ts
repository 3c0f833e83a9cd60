import { and, eq, sql } from 'drizzle-orm';
import { articles, ratings, type Db } from '@chapar/db';

export const ratingRepo = {
  async publishedArticleExists(db: Db, articleId: number): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles)
      .where(and(eq(articles.id, articleId), eq(articles.status, 'published')));
    return Boolean(row);
  },

  async summary(db: Db, articleId: number, sessionId?: string): Promise<{ average: number | null; total: number; mine: number | null }> {
    const mine = sessionId ? sql<number | null>`max(${ratings.rating}) filter (where ${ratings.sessionId} = ${sessionId})` : sql<null>`null`;
    const [row] = await db.select({
      average: sql<string | null>`avg(${ratings.rating})`,
      total: sql<number>`count(*)::int`,
      mine: mine.mapWith((v: unknown) => (v === null ? null : Number(v))),
    }).from(ratings).where(eq(ratings.articleId, articleId));
    return { average: row.average === null ? null : Number(row.average), total: row.total, mine: row.mine };
  },

  async exists(db: Db, articleId: number, sessionId: string): Promise<boolean> {
    const [row] = await db.select({ id: ratings.id }).from(ratings).where(and(eq(ratings.articleId, articleId), eq(ratings.sessionId, sessionId)));
    return Boolean(row);
  },

  /** One rating per (article, session): rating again replaces it. */
  async upsert(db: Db, values: { articleId: number; sessionId: string; rating: number; now: Date }): Promise<void> {
    await db.insert(ratings)
      .values({ articleId: values.articleId, sessionId: values.sessionId, rating: values.rating, createdAt: values.now, updatedAt: values.now })
      .onConflictDoUpdate({ target: [ratings.articleId, ratings.sessionId], set: { rating: values.rating, updatedAt: values.now } });
  },
};
