// Sign-in attempt counters of the site's own, in the settings table beside the login, so a
// restart or a second process counts on. An attempt is claimed before Telegram is asked (one
// conditional upsert: two processes cannot both take the last one) and given back when the
// answer was not a wrong code or password.
import { eq, sql } from 'drizzle-orm';
import { settings, type Db } from '@chapar/db';

interface Counter {
  count: number;
  /** When the window began: its first attempt. */
  since: string;
}

export type AttemptClaim = { claimed: true } | { claimed: false; since: Date };

export const attemptRepo = {
  /**
   * One more attempt under `key`, if fewer than `limit` were made since the window began. A
   * window that began at or before `windowStart` is over, and this attempt starts a new one.
   */
  async claim(db: Db, key: string, limit: number, now: Date, windowStart: Date): Promise<AttemptClaim> {
    const fresh = JSON.stringify({ count: 1, since: now.toISOString() } satisfies Counter);
    const over = sql`(${settings.value}->>'since')::timestamptz <= ${windowStart.toISOString()}::timestamptz`;
    const claimed = await db.insert(settings)
      .values({ key, value: JSON.parse(fresh) as Counter })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: sql`case when ${over} then ${fresh}::jsonb
            else jsonb_set(${settings.value}, '{count}', to_jsonb((${settings.value}->>'count')::int + 1)) end`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${over} or (${settings.value}->>'count')::int < ${limit}`,
      })
      .returning({ key: settings.key });
    if (claimed.length) return { claimed: true };
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return { claimed: false, since: new Date((row?.value as Counter | undefined)?.since ?? now) };
  },

  /** Gives a claimed attempt back: Telegram was not asked, or did not judge the code or password. */
  async release(db: Db, key: string): Promise<void> {
    await db.update(settings)
      .set({ value: sql`jsonb_set(${settings.value}, '{count}', to_jsonb(greatest(0, (${settings.value}->>'count')::int - 1)))`, updatedAt: sql`now()` })
      .where(eq(settings.key, key));
  },

  async clear(db: Db, key: string): Promise<void> {
    await db.delete(settings).where(eq(settings.key, key));
  },
};
