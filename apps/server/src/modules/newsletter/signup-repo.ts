// Signups waiting for their confirmation link, and the counts the signup limits read.
import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { newsletterSignups, newsletterSubscribers, type Db, type Tx } from '@chapar/db';

export type SignupRow = typeof newsletterSignups.$inferSelect;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const sameEmail = (email: string) => sql`lower(${newsletterSignups.email}) = lower(${email})`;
const epochMs = (column: unknown) => sql<number | null>`(extract(epoch from min(${column})) * 1000)::float8`;

export const signupRepo = {
  /** Serialises one key's signups (a client's address, an e-mail address) until the transaction ends. */
  async lock(tx: Tx, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${key}`}))`);
  },

  /** Signups from one client since each time, and the oldest of them (epoch ms). */
  async countByClientSince(tx: Db, clientHash: string, since: Date[]): Promise<Array<{ count: number; oldest: number | null }>> {
    return Promise.all(since.map(async (from) => {
      const [row] = await tx.select({ n: count(), oldest: epochMs(newsletterSignups.createdAt) }).from(newsletterSignups)
        .where(and(eq(newsletterSignups.clientHash, clientHash), gt(newsletterSignups.createdAt, from)));
      return { count: row.n, oldest: row.oldest === null ? null : Number(row.oldest) };
    }));
  },

  /** Confirmation mails sent or on their way to one address since a time. */
  async mailsToEmailSince(tx: Db, email: string, since: Date): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(newsletterSignups)
      .where(and(sameEmail(email), gt(newsletterSignups.createdAt, since), sql`${newsletterSignups.mailStatus} in ('queued', 'sending', 'sent')`));
    return row.n;
  },

  async insert(tx: Db, values: typeof newsletterSignups.$inferInsert): Promise<SignupRow> {
    const [row] = await tx.insert(newsletterSignups).values(values).returning();
    return row;
  },

  async byId(db: Db, id: number): Promise<SignupRow | undefined> {
    const [row] = await db.select().from(newsletterSignups).where(eq(newsletterSignups.id, id));
    return row;
  },

  /** Marks the signup confirmed once; false if it already was. */
  async markConfirmed(tx: Tx, id: number, at: Date): Promise<boolean> {
    const rows = await tx.update(newsletterSignups).set({ confirmedAt: at })
      .where(and(eq(newsletterSignups.id, id), isNull(newsletterSignups.confirmedAt))).returning({ id: newsletterSignups.id });
    return rows.length > 0;
  },

  /** Takes the signup's confirmation mail for this run: queued → sending (claim time in mailed_at). */
  async claimMail(db: Db, id: number, at: Date): Promise<SignupRow | undefined> {
    const [row] = await db.update(newsletterSignups).set({ mailStatus: 'sending', mailedAt: at })
      .where(and(eq(newsletterSignups.id, id), eq(newsletterSignups.mailStatus, 'queued'))).returning();
    return row;
  },

  /** A claim older than `staleBefore` whose run never came back: the mail may or may not have gone. */
  async failStaleMail(db: Db, id: number, staleBefore: Date, reason: string): Promise<boolean> {
    const rows = await db.update(newsletterSignups).set({ mailStatus: 'failed', mailError: reason })
      .where(and(eq(newsletterSignups.id, id), eq(newsletterSignups.mailStatus, 'sending'), lt(newsletterSignups.mailedAt, staleBefore))).returning({ id: newsletterSignups.id });
    return rows.length > 0;
  },

  async finishMail(db: Db, id: number, status: 'sent' | 'failed' | 'queued', error: string | null, at: Date): Promise<void> {
    await db.update(newsletterSignups).set({ mailStatus: status, mailError: error, ...(status === 'sent' ? { mailedAt: at } : {}) })
      .where(eq(newsletterSignups.id, id));
  },

  /** Signups that waited for a mail service (unsent), still young enough to confirm. */
  async unsentSince(db: Db, since: Date, limit: number): Promise<SignupRow[]> {
    return db.select().from(newsletterSignups)
      .where(and(eq(newsletterSignups.mailStatus, 'unsent'), isNull(newsletterSignups.confirmedAt), gt(newsletterSignups.createdAt, since)))
      .orderBy(newsletterSignups.id).limit(limit);
  },

  async queueUnsent(db: Db, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await db.update(newsletterSignups).set({ mailStatus: 'queued' }).where(and(inArray(newsletterSignups.id, ids), eq(newsletterSignups.mailStatus, 'unsent')));
  },

  /**
   * Addresses waiting for their owner's confirmation: the newest unconfirmed signup of each address
   * still valid, unless a later signup of that address was confirmed since.
   */
  async waiting(db: Db, since: Date, page: { limit: number; offset: number }): Promise<SignupRow[]> {
    const result = await db.execute(sql`
      select distinct on (lower(s.email)) s.id from ${newsletterSignups} s
      where s.confirmed_at is null and s.created_at > ${since.toISOString()}::timestamptz
        and not exists (select 1 from ${newsletterSignups} c where lower(c.email) = lower(s.email) and c.confirmed_at is not null and c.created_at > s.created_at)
      order by lower(s.email), s.created_at desc`);
    const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    if (!ids.length) return [];
    return db.select().from(newsletterSignups).where(inArray(newsletterSignups.id, ids))
      .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id)).limit(page.limit).offset(page.offset);
  },

  async waitingCount(db: Db, since: Date): Promise<number> {
    const result = await db.execute(sql`
      select count(distinct lower(s.email))::int as n from ${newsletterSignups} s
      where s.confirmed_at is null and s.created_at > ${since.toISOString()}::timestamptz
        and not exists (select 1 from ${newsletterSignups} c where lower(c.email) = lower(s.email) and c.confirmed_at is not null and c.created_at > s.created_at)`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  },
};
