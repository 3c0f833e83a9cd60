// Push subscriptions, breaking-news alerts and their sends. A send is unique per (alert,
// subscription) and is claimed (queued → sending, with the run's id) before its message goes
// out; only that claim records the outcome.
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { pushAlerts, pushSends, pushSubscriptions, type Db, type Tx } from '@chapar/db';

export type AlertRow = typeof pushAlerts.$inferSelect;

export interface ClaimedSend {
  id: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushRepo = {
  /** Serialises one client address's subscriptions until the transaction ends. */
  async lock(tx: Tx, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${key}`}))`);
  },

  async countByClientSince(conn: Db, clientHash: string, since: Date): Promise<number> {
    const [row] = await conn.select({ n: count() }).from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clientHash, clientHash), gte(pushSubscriptions.createdAt, since)));
    return row.n;
  },

  async findByEndpoint(conn: Db, endpoint: string) {
    const [row] = await conn.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    return row;
  },

  /** Stores the subscription, or renews the keys of a known endpoint (the browser renewed them). */
  async upsert(conn: Db, values: { endpoint: string; p256dh: string; auth: string; clientHash: string }): Promise<void> {
    await conn.insert(pushSubscriptions).values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: values.p256dh, auth: values.auth } });
  },

  async remove(db: Db, endpoint: string): Promise<boolean> {
    const rows = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  },

  async removeById(db: Db, id: number): Promise<void> {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  },

  /** The alert made now, or null when the article already had one. */
  async createAlert(db: Db, values: typeof pushAlerts.$inferInsert): Promise<AlertRow | null> {
    const [row] = await db.insert(pushAlerts).values(values).onConflictDoNothing({ target: pushAlerts.articleId }).returning();
    return row ?? null;
  },

  async alertById(db: Db, id: number): Promise<AlertRow | undefined> {
    const [row] = await db.select().from(pushAlerts).where(eq(pushAlerts.id, id));
    return row;
  },

  async subscriptionCount(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(pushSubscriptions);
    return row.n;
  },

  /** One queued send per subscription; a second call (a retried job) adds nobody twice. */
  async queueSends(db: Db, alertId: number): Promise<void> {
    await db.execute(sql`
      insert into ${pushSends} (alert_id, subscription_id)
      select ${alertId}, ${pushSubscriptions.id} from ${pushSubscriptions}
      on conflict do nothing`);
  },

  /** Claims of a run that died (older than `before`) go back to the queue. */
  async requeueStale(db: Db, alertId: number, before: Date): Promise<void> {
    await db.update(pushSends).set({ status: 'queued', claim: null })
      .where(and(eq(pushSends.alertId, alertId), eq(pushSends.status, 'sending'), lt(pushSends.claimedAt, before)));
  },

  /** Takes the next queued send of the alert for this run, with its subscription. */
  async claimNext(db: Db, alertId: number, claim: string, at: Date): Promise<ClaimedSend | undefined> {
    const [send] = await db.update(pushSends).set({ status: 'sending', claim, claimedAt: at })
      .where(eq(pushSends.id, sql`(select s.id from ${pushSends} s where s.alert_id = ${alertId} and s.status = 'queued'
        and s.subscription_id is not null order by s.id limit 1 for update of s skip locked)`))
      .returning({ id: pushSends.id, subscriptionId: pushSends.subscriptionId });
    if (!send?.subscriptionId) return undefined;
    const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, send.subscriptionId));
    if (!sub) {
      await db.update(pushSends).set({ status: 'expired', error: 'subscription removed' }).where(eq(pushSends.id, send.id));
      return pushRepo.claimNext(db, alertId, claim, at);
    }
    return { id: send.id, subscriptionId: sub.id, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth };
  },

  async record(db: Db, id: number, claim: string, outcome: { status: 'sent' | 'failed' | 'expired'; statusCode: number | null; error: string | null; at: Date }): Promise<void> {
    await db.update(pushSends).set({ status: outcome.status, statusCode: outcome.statusCode, error: outcome.error, sentAt: outcome.status === 'sent' ? outcome.at : null })
      .where(and(eq(pushSends.id, id), eq(pushSends.claim, claim)));
  },

  async counts(db: Db, alertId: number): Promise<Record<string, number>> {
    const rows = await db.select({ status: pushSends.status, n: count() }).from(pushSends).where(eq(pushSends.alertId, alertId)).groupBy(pushSends.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  },

  /** Done: sends whose subscription was removed meanwhile (the reader unsubscribed) are recorded as such. */
  async finish(db: Db, alertId: number, at: Date): Promise<void> {
    await db.update(pushSends).set({ status: 'expired', error: 'subscription removed' })
      .where(and(eq(pushSends.alertId, alertId), eq(pushSends.status, 'queued'), isNull(pushSends.subscriptionId)));
    await db.update(pushAlerts).set({ status: 'done', finishedAt: at }).where(eq(pushAlerts.id, alertId));
  },
};
