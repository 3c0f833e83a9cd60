import { asc, eq, sql } from 'drizzle-orm';
import { articles, channels, telegramPosts, type Db } from '@chapar/db';
import type { CleaningRules } from './cleaning-rules.ts';

export type ChannelRow = typeof channels.$inferSelect;

export const channelRepo = {
  async list(db: Db): Promise<ChannelRow[]> {
    return db.select().from(channels).orderBy(asc(channels.role), asc(channels.id));
  },
  async active(db: Db): Promise<ChannelRow[]> {
    return db.select().from(channels).where(eq(channels.isActive, true)).orderBy(asc(channels.role), asc(channels.id));
  },
  async byUsername(db: Db, username: string): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(channels).where(sql`lower(${channels.username}) = lower(${username})`);
    return row;
  },
  async byId(db: Db, id: number): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    return row;
  },

  /**
   * Adds a configured channel the table does not know yet; a known one is left as the admins set
   * it. Its role held by another active channel, it is added switched off.
   */
  async seedConfigured(db: Db, username: string, role: string, rules: CleaningRules): Promise<void> {
    if (await channelRepo.byUsername(db, username)) return;
    const roleTaken = (await channelRepo.active(db)).some((c) => c.role === role);
    await db.insert(channels).values({ username, role, title: `@${username}`, isActive: !roleTaken, cleaningRules: rules }).onConflictDoNothing();
  },
  /** Serialises changes of who holds a role until the transaction ends (two admins at once). */
  async lockRoles(db: Db): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('chapar:channel-roles'))`);
  },
  /** A new channel; undefined when the name is taken (in any letter case). */
  async insert(db: Db, values: { username: string; role: string; title: string; isActive: boolean; cleaningRules: CleaningRules }): Promise<ChannelRow | undefined> {
    if (await channelRepo.byUsername(db, values.username)) return undefined;
    const [row] = await db.insert(channels).values(values).onConflictDoNothing().returning();
    return row;
  },
  async recordCheck(db: Db, id: number, lastSeenMessageId: number | null): Promise<void> {
    await db.update(channels).set({
      lastCheckedAt: new Date(),
      ...(lastSeenMessageId ? { lastSeenMessageId: sql`greatest(coalesce(${channels.lastSeenMessageId}, 0), ${lastSeenMessageId})` } : {}),
    }).where(eq(channels.id, id));
  },
  async update(db: Db, id: number, patch: { title?: string; role?: string; isActive?: boolean; cleaningRules?: CleaningRules }): Promise<ChannelRow | undefined> {
    const [row] = await db.update(channels).set(patch).where(eq(channels.id, id)).returning();
    return row;
  },
  async articleCounts(db: Db): Promise<Map<string, number>> {
    const rows = await db.select({ source: articles.source, n: sql<number>`count(*)::int` }).from(articles).groupBy(articles.source);
    return new Map(rows.filter((r) => r.source).map((r) => [r.source!.toLowerCase(), r.n]));
  },
  /** Per channel (lower-cased name): posts kept and when the newest was published. */
  async postStats(db: Db): Promise<Map<string, { posts: number; lastPostAt: Date | null }>> {
    const rows = await db.select({
      source: sql<string>`lower(${telegramPosts.source})`,
      n: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${telegramPosts.postedAt})`,
    }).from(telegramPosts).groupBy(sql`lower(${telegramPosts.source})`);
    return new Map(rows.map((r) => [r.source, { posts: r.n, lastPostAt: r.last ? new Date(r.last) : null }]));
  },
};
