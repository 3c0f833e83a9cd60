// Digests and their sends. A send row is unique per (digest, address) and is claimed (queued →
// sending, with the claiming run's id) before its mail goes out; only that claim may record the
// outcome. So a digest reaches an address at most once, whatever runs die or overlap.
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { newsletterDigests, newsletterSends, newsletterSubscribers, type Db } from '@chapar/db';
import type { SendCounts, SendStatus } from '@chapar/shared/contracts';

export type DigestRow = typeof newsletterDigests.$inferSelect;
export type SendRow = typeof newsletterSends.$inferSelect;

/** Who gets the newsletter: confirmed, active, neither unsubscribed nor bounced. */
export const receiving: SQL = and(
  eq(newsletterSubscribers.isActive, true), isNotNull(newsletterSubscribers.confirmedAt),
  isNull(newsletterSubscribers.unsubscribedAt), isNull(newsletterSubscribers.bouncedAt),
)!;

/** Rows still to be sent: queued, or failed in a way the next attempt tries again. */
const pending = sql`(${newsletterSends.status} = 'queued' or (${newsletterSends.status} = 'failed' and ${newsletterSends.retry}))`;

export const digestRepo = {
  /** The digest of this slot: made now, or the one an earlier attempt made. */
  async create(db: Db, values: typeof newsletterDigests.$inferInsert): Promise<{ digest: DigestRow; created: boolean }> {
    const [made] = await db.insert(newsletterDigests).values(values).onConflictDoNothing({ target: newsletterDigests.slot }).returning();
    if (made) return { digest: made, created: true };
    const [existing] = await db.select().from(newsletterDigests).where(eq(newsletterDigests.slot, values.slot));
    return { digest: existing, created: false };
  },

  async byId(db: Db, id: number): Promise<DigestRow | undefined> {
    const [row] = await db.select().from(newsletterDigests).where(eq(newsletterDigests.id, id));
    return row;
  },

  async bySlot(db: Db, slot: string): Promise<DigestRow | undefined> {
    const [row] = await db.select().from(newsletterDigests).where(eq(newsletterDigests.slot, slot));
    return row;
  },

  async recipientCount(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(receiving);
    return row.n;
  },

  /** One queued send per receiving address; a second call adds nobody twice. */
  async queueRecipients(db: Db, digestId: number): Promise<number> {
    const result = await db.execute(sql`
      insert into ${newsletterSends} (digest_id, subscriber_id, email)
      select ${digestId}, ${newsletterSubscribers.id}, ${newsletterSubscribers.email} from ${newsletterSubscribers} where ${receiving}
      on conflict do nothing returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  },

  /** Sends not yet made to addresses that stopped receiving since (unsubscribed, bounced, switched off): dropped. */
  async dropLapsed(db: Db, digestId: number): Promise<void> {
    await db.execute(sql`
      delete from ${newsletterSends} s where s.digest_id = ${digestId}
        and (s.status = 'queued' or (s.status = 'failed' and s.retry))
        and not exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.id} = s.subscriber_id and ${receiving})`);
  },

  /**
   * Takes the next send for this run (its `claim`): the row is 'sending' from now, counted as an
   * attempt. Only to an address still receiving: one that unsubscribed a moment ago is passed over.
   */
  async claimNext(db: Db, digestId: number, claim: string, at: Date): Promise<SendRow | undefined> {
    const [row] = await db.update(newsletterSends)
      .set({ status: 'sending', claim, claimedAt: at, attempts: sql`${newsletterSends.attempts} + 1` })
      .where(eq(newsletterSends.id, sql`(select s.id from ${newsletterSends} s where s.digest_id = ${digestId}
        and (s.status = 'queued' or (s.status = 'failed' and s.retry))
        and exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.id} = s.subscriber_id and ${receiving})
        order by s.id limit 1 for update of s skip locked)`))
      .returning();
    return row;
  },

  async markSent(db: Db, id: number, claim: string, messageId: string, at: Date): Promise<void> {
    await db.update(newsletterSends).set({ status: 'sent', sentAt: at, messageId: messageId.slice(0, 255), error: null, retry: false })
      .where(and(eq(newsletterSends.id, id), eq(newsletterSends.claim, claim)));
  },

  async markFailed(db: Db, id: number, claim: string, failure: { reason: string; retry: boolean; bounced: boolean }): Promise<void> {
    await db.update(newsletterSends).set({ status: 'failed', error: failure.reason, retry: failure.retry, bounced: failure.bounced })
      .where(and(eq(newsletterSends.id, id), eq(newsletterSends.claim, claim)));
  },

  /** Everything still to be sent fails with this reason (the last attempt, the service still down). */
  async failPending(db: Db, digestId: number, reason: string): Promise<number> {
    const rows = await db.update(newsletterSends).set({ status: 'failed', error: reason, retry: false })
      .where(and(eq(newsletterSends.digestId, digestId), pending)).returning({ id: newsletterSends.id });
    return rows.length;
  },

  /** Claims older than `before` whose run never came back: failed, never sent again. */
  async failStale(db: Db, digestId: number, before: Date, reason: string): Promise<number> {
    const rows = await db.update(newsletterSends).set({ status: 'failed', error: reason, retry: false })
      .where(and(eq(newsletterSends.digestId, digestId), eq(newsletterSends.status, 'sending'), lt(newsletterSends.claimedAt, before)))
      .returning({ id: newsletterSends.id });
    return rows.length;
  },

  /** The oldest claim still sending, if any. */
  async oldestSending(db: Db, digestId: number): Promise<Date | null> {
    const [row] = await db.select({ at: sql<string | null>`min(${newsletterSends.claimedAt})::text` }).from(newsletterSends)
      .where(and(eq(newsletterSends.digestId, digestId), eq(newsletterSends.status, 'sending')));
    return row?.at ? new Date(row.at) : null;
  },

  async pendingCount(db: Db, digestId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(newsletterSends).where(and(eq(newsletterSends.digestId, digestId), pending));
    return row.n;
  },

  /** The digest's mail has ended ('done', or 'failed' when it reached nobody); false when another run ended it first. */
  async finish(db: Db, digestId: number, at: Date, status: 'done' | 'failed' = 'done'): Promise<boolean> {
    const rows = await db.update(newsletterDigests).set({ status, finishedAt: at })
      .where(and(eq(newsletterDigests.id, digestId), eq(newsletterDigests.status, 'sending'))).returning({ id: newsletterDigests.id });
    return rows.length > 0;
  },

  async markBounced(db: Db, subscriberId: number, at: Date): Promise<void> {
    await db.update(newsletterSubscribers).set({ bouncedAt: at }).where(and(eq(newsletterSubscribers.id, subscriberId), isNull(newsletterSubscribers.bouncedAt)));
  },

  async latest(db: Db, limit: number): Promise<DigestRow[]> {
    return db.select().from(newsletterDigests).orderBy(desc(newsletterDigests.createdAt), desc(newsletterDigests.id)).limit(limit);
  },

  /** Each digest's sends by status. */
  async counts(db: Db, digestIds: number[]): Promise<Map<number, SendCounts>> {
    const result = new Map<number, SendCounts>();
    if (!digestIds.length) return result;
    const rows = await db.select({
      digestId: newsletterSends.digestId,
      total: count(),
      queued: sql<number>`count(*) filter (where ${newsletterSends.status} = 'queued')`.mapWith(Number),
      sending: sql<number>`count(*) filter (where ${newsletterSends.status} = 'sending')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${newsletterSends.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${newsletterSends.status} = 'failed' and not ${newsletterSends.retry})`.mapWith(Number),
      retrying: sql<number>`count(*) filter (where ${newsletterSends.status} = 'failed' and ${newsletterSends.retry})`.mapWith(Number),
      bounced: sql<number>`count(*) filter (where ${newsletterSends.bounced})`.mapWith(Number),
    }).from(newsletterSends).where(inArray(newsletterSends.digestId, digestIds)).groupBy(newsletterSends.digestId);
    for (const { digestId, ...counts } of rows) result.set(digestId, counts);
    return result;
  },

  /**
   * Why each digest's sends fail: the reason of those waiting for a retry (what the mail service
   * says now) first, else the commonest reason of those that failed for good.
   */
  async failureReasons(db: Db, digestIds: number[]): Promise<Map<number, string>> {
    const result = new Map<number, string>();
    if (!digestIds.length) return result;
    const rows = await db.select({ digestId: newsletterSends.digestId, error: newsletterSends.error, retry: newsletterSends.retry, n: count() })
      .from(newsletterSends)
      .where(and(inArray(newsletterSends.digestId, digestIds), eq(newsletterSends.status, 'failed'), isNotNull(newsletterSends.error)))
      .groupBy(newsletterSends.digestId, newsletterSends.error, newsletterSends.retry)
      .orderBy(desc(newsletterSends.retry), desc(count()), newsletterSends.error);
    for (const row of rows) if (row.error && !result.has(row.digestId)) result.set(row.digestId, row.error);
    return result;
  },

  async sends(db: Db, digestId: number, status: SendStatus | 'all', limit: number): Promise<{ rows: SendRow[]; matching: number }> {
    const where = and(eq(newsletterSends.digestId, digestId), status === 'all' ? undefined : eq(newsletterSends.status, status));
    const [rows, [total]] = [
      await db.select().from(newsletterSends).where(where).orderBy(desc(sql`${newsletterSends.status} = 'failed'`), newsletterSends.id).limit(limit),
      await db.select({ n: count() }).from(newsletterSends).where(where),
    ];
    return { rows, matching: total.n };
  },
};
