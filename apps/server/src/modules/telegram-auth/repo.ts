// Login state, the sealed session and the last code request live in the settings
// table, so they survive restarts and every process sees the same login.
import { eq, inArray, sql } from 'drizzle-orm';
import { settings, type Db } from '@chapar/db';
import type { MtprotoUser } from '../../integrations/telegram/mtproto/index.ts';
import { isSealedSecret, type SealedSecret } from './session-crypto.ts';

export const SESSION_KEY = 'telegram.session';
const STATE_KEY = 'telegram.auth';
const CODE_REQUEST_KEY = 'telegram.code-requested-at';

export type StoredStep = 'phone' | 'code' | 'password' | 'authenticated';

export interface StoredAuthState {
  step: StoredStep;
  phoneNumber?: string;
  /** Ties the code the admin types to the code request; only meaningful with the session. */
  phoneCodeHash?: string;
  user?: MtprotoUser;
  /** Why the last login ended (revoked at Telegram...), shown until the next attempt. */
  notice?: string;
}

/** Code request times: by phone number, and `at` as stored before the limit was per number. */
interface CodeRequests {
  at?: string;
  byPhone?: Record<string, string>;
}

async function readCodeRequests(db: Db): Promise<CodeRequests> {
  const [row] = await db.select().from(settings).where(eq(settings.key, CODE_REQUEST_KEY));
  return (row?.value ?? {}) as CodeRequests;
}

const latest = (times: Array<string | undefined>): Date | null =>
  times.filter((t): t is string => Boolean(t)).map((t) => new Date(t)).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;

export interface StoredLogin {
  state: StoredAuthState;
  session: SealedSecret | null;
}

const upsert = (db: Db, rows: Array<{ key: string; value: unknown }>) =>
  db.insert(settings).values(rows).onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });

export const telegramAuthRepo = {
  async readLogin(db: Db): Promise<StoredLogin> {
    const rows = await db.select().from(settings).where(inArray(settings.key, [STATE_KEY, SESSION_KEY]));
    const state = rows.find((r) => r.key === STATE_KEY)?.value as StoredAuthState | undefined;
    const session = rows.find((r) => r.key === SESSION_KEY)?.value;
    return { state: state ?? { step: 'phone' }, session: isSealedSecret(session) ? session : null };
  },

  /** State and session in one statement, so no process ever reads one without the other. */
  async saveLogin(db: Db, state: StoredAuthState, session: SealedSecret): Promise<void> {
    await upsert(db, [{ key: STATE_KEY, value: state }, { key: SESSION_KEY, value: session }]);
  },

  async saveState(db: Db, state: StoredAuthState): Promise<void> {
    await upsert(db, [{ key: STATE_KEY, value: state }]);
  },

  /** Forgets the login; the code-request time stays, Telegram's limit outlives a logout. */
  async clearLogin(db: Db, notice?: string): Promise<void> {
    await db.delete(settings).where(eq(settings.key, SESSION_KEY));
    await upsert(db, [{ key: STATE_KEY, value: { step: 'phone', ...(notice ? { notice } : {}) } satisfies StoredAuthState }]);
  },

  /**
   * When a code was last requested for `phone`. The 22-hour rule (spec 03 §9) is kept per phone
   * number: Telegram's own code limits are per number, and a mistyped number must not block the
   * right one. A time stored before that (`at`, for every number) still counts until it passes.
   */
  async lastCodeRequest(db: Db, phone: string): Promise<Date | null> {
    const stored = await readCodeRequests(db);
    return latest([stored.at, stored.byPhone?.[phone]]);
  },

  /** The most recent code request of any number, and for which (null: from before per-number times). */
  async latestCodeRequest(db: Db): Promise<{ phone: string | null; at: Date } | null> {
    const stored = await readCodeRequests(db);
    let best: { phone: string | null; at: Date } | null = stored.at ? { phone: null, at: new Date(stored.at) } : null;
    for (const [phone, at] of Object.entries(stored.byPhone ?? {})) {
      if (!best || new Date(at) > best.at) best = { phone, at: new Date(at) };
    }
    return best;
  },

  /**
   * Claims the right to request a code for `phone` at `now` if its last request (and any stored
   * for every number) is older than `notBefore`. One conditional upsert, so two processes cannot
   * both claim it.
   */
  async claimCodeRequest(db: Db, phone: string, now: Date, notBefore: Date): Promise<boolean> {
    const at = now.toISOString();
    const claimed = await db.insert(settings)
      .values({ key: CODE_REQUEST_KEY, value: { byPhone: { [phone]: at } } satisfies CodeRequests })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: sql`jsonb_set(${settings.value}, '{byPhone}', coalesce(${settings.value}->'byPhone', '{}'::jsonb) || jsonb_build_object(${phone}::text, ${at}::text))`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`coalesce((${settings.value}->'byPhone'->>${phone}::text)::timestamptz, '-infinity') <= ${notBefore.toISOString()}::timestamptz
          and coalesce((${settings.value}->>'at')::timestamptz, '-infinity') <= ${notBefore.toISOString()}::timestamptz`,
      })
      .returning({ key: settings.key });
    return claimed.length > 0;
  },

  /** Puts back the number's previous request time when Telegram did not send the claimed code. */
  async restoreCodeRequest(db: Db, phone: string, previous: Date | null): Promise<void> {
    const value = previous
      ? sql`jsonb_set(${settings.value}, array['byPhone', ${phone}::text], to_jsonb(${previous.toISOString()}::text))`
      : sql`${settings.value} #- array['byPhone', ${phone}::text]`;
    await db.update(settings).set({ value, updatedAt: sql`now()` }).where(eq(settings.key, CODE_REQUEST_KEY));
  },
};
