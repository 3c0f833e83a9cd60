import { asc, eq, sql } from 'drizzle-orm';
import { articles, channels, type Db } from '@chapar/db';
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

  /** Adds a configured channel or takes its new role; rules an admin changed are kept. */
  async upsertConfigured(db: Db, username: string, role: string, rules: CleaningRules): Promise<void> {
    const existing = await channelRepo.byUsername(db, username);
    if (existing) {
      await db.update(channels).set({ role, isActive: true }).where(eq(channels.id, existing.id));
    } else {
      await db.insert(channels).values({ username, role, title: `@${username}`, cleaningRules: rules }).onConflictDoNothing();
    }
  },
  async deactivateExcept(db: Db, usernames: string[]): Promise<void> {
    const keep = usernames.map((u) => u.toLowerCase());
    const rows = await channelRepo.list(db);
    for (const row of rows) {
      if (row.isActive && !keep.includes(row.username.toLowerCase())) await db.update(channels).set({ isActive: false }).where(eq(channels.id, row.id));
    }
  },
  async recordCheck(db: Db, id: number, lastSeenMessageId: number | null): Promise<void> {
    await db.update(channels).set({
      lastCheckedAt: new Date(),
      ...(lastSeenMessageId ? { lastSeenMessageId: sql`greatest(coalesce(${channels.lastSeenMessageId}, 0), ${lastSeenMessageId})` } : {}),
    }).where(eq(channels.id, id));
  },
  async update(db: Db, id: number, patch: { title?: string; isActive?: boolean; cleaningRules?: CleaningRules }): Promise<ChannelRow | undefined> {
    const [row] = await db.update(channels).set(patch).where(eq(channels.id, id)).returning();
    return row;
  },
  async articleCounts(db: Db): Promise<Map<string, number>> {
    const rows = await db.select({ source: articles.source, n: sql<number>`count(*)::int` }).from(articles).groupBy(articles.source);
    return new Map(rows.filter((r) => r.source).map((r) => [r.source!.toLowerCase(), r.n]));
  },
};
