import { and, desc, eq, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { analyticsEvents, articles, settings, type Db, type Tx } from '@chapar/db';

export type NewEvent = typeof analyticsEvents.$inferInsert;

const published = eq(articles.status, 'published');
const num = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

export const analyticsRepo = {
  async publishedArticleExists(db: Db, articleId: number): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles).where(and(eq(articles.id, articleId), published));
    return Boolean(row);
  },

  /** False when the unique index already holds this view (views count once per session). */
  async insertEvent(db: Db, values: NewEvent): Promise<boolean> {
    const rows = await db.insert(analyticsEvents).values(values).onConflictDoNothing().returning({ id: analyticsEvents.id });
    return rows.length > 0;
  },

  /** Serialises one session's shares of one article to one network until the transaction ends. */
  async lockShare(tx: Tx, articleId: number, sessionId: string, network: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`share:${articleId}:${network}:${sessionId}`}))`);
  },

  async shareExists(db: Db, articleId: number, sessionId: string, network: string): Promise<boolean> {
    const [row] = await db.select({ id: analyticsEvents.id }).from(analyticsEvents).where(and(
      eq(analyticsEvents.articleId, articleId), eq(analyticsEvents.event, 'share'),
      eq(analyticsEvents.sessionId, sessionId), eq(analyticsEvents.value, network),
    )).limit(1);
    return Boolean(row);
  },

  /**
   * One more under a budget's counter (a settings row), if fewer than `max` were taken since its
   * window began: null when taken, else when the full window began. A window that began at or
   * before `windowStart` is over, and this one starts a new one. One conditional upsert, so two
   * processes cannot both take the last one.
   */
  async claimBudgetSlot(db: Db, key: string, max: number, now: Date, windowStart: Date): Promise<Date | null> {
    const fresh = JSON.stringify({ count: 1, since: now.toISOString() });
    const over = sql`(${settings.value}->>'since')::timestamptz <= ${windowStart.toISOString()}::timestamptz`;
    const taken = await db.insert(settings)
      .values({ key, value: JSON.parse(fresh) as unknown, updatedAt: now })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: sql`case when ${over} then ${fresh}::jsonb
            else jsonb_set(${settings.value}, '{count}', to_jsonb((${settings.value}->>'count')::int + 1)) end`,
          updatedAt: now,
        },
        setWhere: sql`${over} or (${settings.value}->>'count')::int < ${max}`,
      })
      .returning({ key: settings.key });
    if (taken.length) return null;
    const [row] = await db.select({ since: sql<string | null>`${settings.value}->>'since'` }).from(settings).where(eq(settings.key, key));
    return new Date(row?.since ?? now);
  },

  /** Removes the budget counters (keys under `prefix`) none was taken from since `before`, skipping any in use. */
  async dropBudgetsIdleSince(db: Db, prefix: string, before: Date): Promise<number> {
    const idle = db.select({ key: settings.key }).from(settings)
      .where(and(like(settings.key, `${prefix}%`), lt(settings.updatedAt, before))).for('update', { skipLocked: true });
    const gone = await db.delete(settings).where(inArray(settings.key, idle)).returning({ key: settings.key });
    return gone.length;
  },

  async incrementViews(db: Db, articleId: number): Promise<void> {
    await db.update(articles).set({ views: sql`${articles.views} + 1` }).where(eq(articles.id, articleId));
  },

  async articleTotals(db: Db, articleId?: number) {
    const [row] = await db.select({
      views: num(sql`coalesce(sum(${articles.views}), 0)`),
      articles: num(sql`count(*)`),
      avgReadingTime: num(sql`coalesce(round(avg(${articles.readingTime})::numeric, 1), 0)`),
    }).from(articles).where(articleId === undefined ? published : and(published, eq(articles.id, articleId)));
    return row;
  },

  async eventTotals(db: Db, opts: { visitorsSince: Date; realtimeSince: Date; articleId?: number }) {
    const [row] = await db.select({
      uniqueVisitors: num(sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.createdAt} >= ${opts.visitorsSince})`),
      shares: num(sql`count(*) filter (where ${analyticsEvents.event} = 'share')`),
      realtimeUsers: num(sql`count(distinct ${analyticsEvents.sessionId}) filter (where ${analyticsEvents.createdAt} >= ${opts.realtimeSince})`),
    }).from(analyticsEvents)
      .where(opts.articleId === undefined ? undefined : eq(analyticsEvents.articleId, opts.articleId));
    return row;
  },

  async topArticles(db: Db, limit: number) {
    return db.select({ id: articles.id, title: articles.title, category: articles.category, views: articles.views, publishedAt: articles.publishedAt })
      .from(articles).where(published).orderBy(desc(articles.views), desc(articles.id)).limit(limit);
  },

  async categoryStats(db: Db) {
    return db.select({ category: articles.category, count: num(sql`count(*)`), views: num(sql`coalesce(sum(${articles.views}), 0)`) })
      .from(articles).where(published).groupBy(articles.category)
      .orderBy(desc(sql`coalesce(sum(${articles.views}), 0)`), articles.category);
  },
};

