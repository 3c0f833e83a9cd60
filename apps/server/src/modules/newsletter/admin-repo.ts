// Newsletter subscribers for the admin: counts, a filtered and searched list, and edits.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { newsletterSubscribers, type Db } from '@chapar/db';
import type { SubscriberStatus } from '@chapar/shared/contracts';
import { receiving } from './digest-repo.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Subscribers with this status whose email or name holds the text (any letter case). */
export function subscriberFilter(filter: { status: SubscriberStatus; search?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== 'all') conditions.push(eq(newsletterSubscribers.isActive, filter.status === 'active'));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(newsletterSubscribers.email, pattern), ilike(newsletterSubscribers.name, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export const subscriberAdminRepo = {
  async stats(db: Db, todayStart: Date) {
    const [row] = await db.select({
      total: count(),
      active: sql<number>`count(*) filter (where ${newsletterSubscribers.isActive})`.mapWith(Number),
      todaySubscriptions: sql<number>`count(*) filter (where ${newsletterSubscribers.subscribedAt} >= ${todayStart.toISOString()})`.mapWith(Number),
      receiving: sql<number>`count(*) filter (where ${receiving})`.mapWith(Number),
    }).from(newsletterSubscribers);
    return { total: row.total, active: row.active, inactive: row.total - row.active, todaySubscriptions: row.todaySubscriptions, receiving: row.receiving };
  },
  async count(db: Db, where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
    return row.n;
  },
  /** Newest first. */
  async list(db: Db, where: SQL | undefined, page: { limit: number; offset: number }): Promise<SubscriberRow[]> {
    return db.select().from(newsletterSubscribers).where(where)
      .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id)).limit(page.limit).offset(page.offset);
  },
  async update(db: Db, id: number, patch: Partial<Pick<SubscriberRow, 'name' | 'isActive'>>): Promise<SubscriberRow | undefined> {
    const [row] = await db.update(newsletterSubscribers).set(patch).where(eq(newsletterSubscribers.id, id)).returning();
    return row;
  },
  async delete(db: Db, id: number): Promise<boolean> {
    const rows = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).returning({ id: newsletterSubscribers.id });
    return rows.length > 0;
  },
};
