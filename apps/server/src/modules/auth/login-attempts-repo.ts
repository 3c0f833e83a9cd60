import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { loginAttempts, type Db, type Tx } from '@chapar/db';


/** Unsuccessful attempts (those being checked included) before a new one. */
export interface AttemptCounts {
  byIp: number;
  ipOldest: Date | null;
  byPair: number;
  pairOldest: Date | null;
  /** For the username, from every address. */
  byUser: number;
  userLatest: Date | null;
}

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

export const loginAttemptsRepo = {
  /**
   * Serialises the attempts of one address and of one username until the transaction ends:
   * the address's lock first, then the username's (two namespaces), so two attempts never wait
   * on each other in a circle.
   */
  async lock(tx: Tx, ip: string, username: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${ip}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${username}))`);
  },

  /** Writes the attempt before its password is checked; it counts as unsuccessful until marked. */
  async begin(db: Db, ip: string, username: string, at: Date): Promise<number> {
    const [row] = await db.insert(loginAttempts).values({ ip, username, createdAt: at }).returning({ id: loginAttempts.id });
    return row.id;
  },

  async counts(db: Db, opts: { ip: string; username: string; since: Date }): Promise<AttemptCounts> {
    const { ip, username } = opts;
    const isIp = sql`${loginAttempts.ip} = ${ip}`;
    const isPair = sql`${loginAttempts.ip} = ${ip} and ${loginAttempts.username} = ${username}`;
    const isUser = sql`${loginAttempts.username} = ${username}`;
    const [row] = await db
      .select({
        byIp: sql<number>`(count(*) filter (where ${isIp}))::int`,
        ipOldest: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${isIp})`,
        byPair: sql<number>`(count(*) filter (where ${isPair}))::int`,
        pairOldest: sql<string | null>`min(${loginAttempts.createdAt}) filter (where ${isPair})`,
        byUser: sql<number>`(count(*) filter (where ${isUser}))::int`,
        userLatest: sql<string | null>`max(${loginAttempts.createdAt}) filter (where ${isUser})`,
      })
      .from(loginAttempts)
      .where(and(
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, opts.since),
        or(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username)),
      ));
    return {
      byIp: row.byIp, ipOldest: toDate(row.ipOldest),
      byPair: row.byPair, pairOldest: toDate(row.pairOldest),
      byUser: row.byUser, userLatest: toDate(row.userLatest),
    };
  },

  /** Whether this user logged in successfully from this address since `since`. */
  async knownAddress(db: Db, ip: string, username: string, since: Date): Promise<boolean> {
    const [row] = await db.select({ id: loginAttempts.id }).from(loginAttempts)
      .where(and(
        eq(loginAttempts.username, username), eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, true),
        gt(loginAttempts.createdAt, since),
      ))
      .limit(1);
    return Boolean(row);
  },

  /** Marks the attempt successful and forgets this address's earlier failures for the user. */
  async succeed(db: Db, id: number, ip: string, username: string): Promise<void> {
    await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
    await db.delete(loginAttempts).where(and(
      eq(loginAttempts.ip, ip), eq(loginAttempts.username, username), eq(loginAttempts.succeeded, false), ne(loginAttempts.id, id),
    ));
  },

  /** Forgets this address's failures for the user (the right password was given from it). */
  async forgetFailures(db: Db, ip: string, username: string): Promise<void> {
    await db.delete(loginAttempts).where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username), eq(loginAttempts.succeeded, false)));
  },

  /** Drops an attempt that was never checked (refused while it waited for its turn). */
  async forget(db: Db, id: number): Promise<void> {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
  },

  /** Drops failures older than the counting window and successes older than `knownSince`. */
  async prune(db: Db, failuresSince: Date, knownSince: Date): Promise<void> {
    await db.delete(loginAttempts).where(or(
      and(eq(loginAttempts.succeeded, false), lt(loginAttempts.createdAt, failuresSince)),
      lt(loginAttempts.createdAt, knownSince),
    ));
  },
};
