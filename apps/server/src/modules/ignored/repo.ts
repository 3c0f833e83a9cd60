import { and, desc, eq, sql } from 'drizzle-orm';
import { ignoredPosts, type Db } from '@chapar/db';

export type IgnoredRow = typeof ignoredPosts.$inferSelect;

export const ignoredRepo = {
  /** Records (or refreshes) why a post was left out; an admin's review is kept. */
  async record(db: Db, entry: { source: string; telegramId: number; url: string; reason: string; content: string; category: string | null; duplicateOf?: number | null }): Promise<boolean> {
    const rows = await db.insert(ignoredPosts).values(entry).onConflictDoUpdate({
      target: [ignoredPosts.source, ignoredPosts.telegramId],
      set: { reason: entry.reason, content: entry.content, category: entry.category, url: entry.url, duplicateOf: entry.duplicateOf ?? null },
    }).returning({ created: sql<boolean>`(xmax = 0)` });
    return rows[0]?.created ?? false;
  },
  async list(db: Db, limit: number): Promise<IgnoredRow[]> {
    return db.select().from(ignoredPosts).orderBy(desc(ignoredPosts.dateFound), desc(ignoredPosts.id)).limit(limit);
  },
  async stats(db: Db): Promise<{ total: number; reviewed: number; toProcess: number }> {
    const [row] = await db.select({
      total: sql<number>`count(*)::int`,
      reviewed: sql<number>`count(*) filter (where ${ignoredPosts.reviewedBy} is not null)::int`,
      toProcess: sql<number>`count(*) filter (where ${ignoredPosts.shouldProcess})::int`,
    }).from(ignoredPosts);
    return row;
  },
  async byId(db: Db, id: number): Promise<IgnoredRow | undefined> {
    const [row] = await db.select().from(ignoredPosts).where(eq(ignoredPosts.id, id));
    return row;
  },
  async review(db: Db, id: number, review: { reviewedBy: string; shouldProcess: boolean }): Promise<IgnoredRow | undefined> {
    const [row] = await db.update(ignoredPosts).set(review).where(eq(ignoredPosts.id, id)).returning();
    return row;
  },
  async remove(db: Db, source: string, telegramId: number): Promise<void> {
    await db.delete(ignoredPosts).where(and(eq(ignoredPosts.source, source), eq(ignoredPosts.telegramId, telegramId)));
  },
};
