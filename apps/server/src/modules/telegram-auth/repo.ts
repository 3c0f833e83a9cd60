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

  async lastCodeRequest(db: Db): Promise<Date | null> {
    const [row] = await db.select().from(settings).where(eq(settings.key, CODE_REQUEST_KEY));
    const at = (row?.value as { at?: string } | undefined)?.at;
    return at ? new Date(at) : null;
  },

  /**
   * Claims the right to request a code at `now` if the last request is older than
   * `notBefore`. One conditional upsert, so two processes cannot both claim it.
   */
  async claimCodeRequest(db: Db, now: Date, notBefore: Date): Promise<boolean> {
    const claimed = await db.insert(settings)
      .values({ key: CODE_REQUEST_KEY, value: { at: now.toISOString() } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        setWhere: sql`(${settings.value}->>'at')::timestamptz <= ${notBefore.toISOString()}::timestamptz`,
      })
      .returning({ key: settings.key });
    return claimed.length > 0;
  },

  /** Puts back the previous request time when Telegram did not send the claimed code. */
  async restoreCodeRequest(db: Db, previous: Date | null): Promise<void> {
    if (previous) await upsert(db, [{ key: CODE_REQUEST_KEY, value: { at: previous.toISOString() } }]);
    else await db.delete(settings).where(eq(settings.key, CODE_REQUEST_KEY));
  },
};
