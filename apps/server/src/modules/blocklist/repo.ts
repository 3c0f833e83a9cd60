import { and, desc, eq, sql } from 'drizzle-orm';
import { blockedPosts, type Db } from '@chapar/db';

export type BlockedRow = typeof blockedPosts.$inferSelect;

export const blocklistRepo = {
  async list(db: Db): Promise<BlockedRow[]> {
    return db.select().from(blockedPosts).orderBy(desc(blockedPosts.deletedAt), desc(blockedPosts.id));
  },
  async find(db: Db, source: string, telegramId: number): Promise<BlockedRow | undefined> {
    const [row] = await db.select().from(blockedPosts).where(and(eq(blockedPosts.source, source), eq(blockedPosts.telegramId, telegramId)));
    return row;
  },
  /** Blocks posts (again): a second deletion refreshes the entry and blocks it fully. */
  async block(db: Db, entries: Array<{ source: string; telegramId: number; title: string | null; reason: string }>): Promise<void> {
    if (!entries.length) return;
    await db.insert(blockedPosts).values(entries).onConflictDoUpdate({
      target: [blockedPosts.source, blockedPosts.telegramId],
      set: { title: sql`excluded.title`, reason: sql`excluded.reason`, allowRegeneration: false, deletedAt: new Date() },
    });
  },
  async allow(db: Db, source: string, telegramId: number): Promise<BlockedRow | undefined> {
    const [row] = await db.update(blockedPosts).set({ allowRegeneration: true })
      .where(and(eq(blockedPosts.source, source), eq(blockedPosts.telegramId, telegramId))).returning();
    return row;
  },
  async remove(db: Db, source: string, telegramId: number): Promise<BlockedRow | undefined> {
    const [row] = await db.delete(blockedPosts).where(and(eq(blockedPosts.source, source), eq(blockedPosts.telegramId, telegramId))).returning();
    return row;
  },
};
