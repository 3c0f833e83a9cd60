import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { analyticsEvents, articles, type Db } from '@chapar/db';

export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type NewEvent = typeof analyticsEvents.$inferInsert;

const published = eq(articles.status, 'published');
const num = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

export const analyticsRepo = {
  async publishedArticleExists(db: Tx, articleId: number): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles).where(and(eq(articles.id, articleId), published));
    return Boolean(row);
  },

  /** False when the unique index already holds this view (views count once per session). */
  async insertEvent(db: Tx, values: NewEvent): Promise<boolean> {
    const rows = await db.insert(analyticsEvents).values(values).onConflictDoNothing().returning({ id: analyticsEvents.id });
    return rows.length > 0;
  },

  async incrementViews(db: Tx, articleId: number): Promise<void> {
    await db.update(articles).set({ views: sql`${articles.views} + 1` }).where(eq(articles.id, articleId));
  },

  async articleTotals(db: Tx, articleId?: number) {
    const [row] = await db.select({
      views: num(sql`coalesce(sum(${articles.views}), 0)`),
      articles: num(sql`count(*)`),
      avgReadingTime: num(sql`coalesce(round(avg(${articles.readingTime})::numeric, 1), 0)`),
    }).from(articles).where(articleId === undefined ? published : and(published, eq(articles.id, articleId)));
    return row;
  },

  async eventTotals(db: Tx, opts: { visitorsSince: Date; realtimeSince: Date; articleId?: number }) {
    const [row] = await db.select({
      uniqueVisitors: num(sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.createdAt} >= ${opts.visitorsSince})`),
      shares: num(sql`count(*) filter (where ${analyticsEvents.event} = 'share')`),
      realtimeUsers: num(sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.createdAt} >= ${opts.realtimeSince})`),
    }).from(analyticsEvents)
      .where(opts.articleId === undefined ? undefined : eq(analyticsEvents.articleId, opts.articleId));
    return row;
  },

  async topArticles(db: Tx, limit: number) {
    return db.select({ id: articles.id, title: articles.title, category: articles.category, views: articles.views, publishedAt: articles.publishedAt })
      .from(articles).where(published).orderBy(desc(articles.views), desc(articles.id)).limit(limit);
  },

  async categoryStats(db: Tx) {
    return db.select({ category: articles.category, count: num(sql`count(*)`), views: num(sql`coalesce(sum(${articles.views}), 0)`) })
      .from(articles).where(published).groupBy(articles.category)
      .orderBy(desc(sql`coalesce(sum(${articles.views}), 0)`), articles.category);
  },
};

