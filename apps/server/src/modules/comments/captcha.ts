import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { captchaSpends, type Db } from '@chapar/db';
import { toAsciiDigits, toPersianDigits } from '@chapar/shared/text';

export const CAPTCHA_TTL_MS = 10 * 60_000;
/** People take longer than this to read, type and answer; scripts do not. */
export const CAPTCHA_MIN_FILL_MS = 3_000;
/**
 * A new question given after a refused answer: the visitor has already filled in the form and only
 * answers again, so it is issued as if this much less than CAPTCHA_MIN_FILL_MS remained (one second).
 */
export const CAPTCHA_RETRY_HEAD_START_MS = 2_000;
const OPERAND_MIN = 1;
const OPERAND_MAX = 10;
const PRUNE_EVERY_MS = 60_000;

export interface IssuedCaptcha {
  token: string;
  question: string;
  expiresAt: string;
  /** Never sent to the browser; tests use it. */
  answer: number;
}

export type CaptchaCheck =
  | { ok: true; id: string; issuedAt: number }
  | { ok: false; reason: 'wrong' | 'expired' | 'malformed'; id?: string };

// A key of its own, so a captcha MAC can never stand in for any other signature made
// with the session secret.
const keyFor = (secret: string) => createHmac('sha256', secret).update('chapar-captcha-v1').digest();

function mac(key: Buffer, id: string, issuedAt: number, answer: number): Buffer {
  return createHmac('sha256', key).update(`${id}|${issuedAt}|${answer}`).digest().subarray(0, 16);
}

/**
 * Signs a challenge: `v1.{id}.{issuedAt}.{mac}`. The answer is only inside the MAC, so the
 * token gives nothing away and the server keeps no state until the answer comes back.
 */
export function issueCaptcha(secret: string, now = Date.now()): IssuedCaptcha {
  const a = randomInt(OPERAND_MIN, OPERAND_MAX + 1);
  const b = randomInt(OPERAND_MIN, OPERAND_MAX + 1);
  const id = randomBytes(12).toString('base64url');
  const sig = mac(keyFor(secret), id, now, a + b).toString('base64url');
  return {
    token: `v1.${id}.${now.toString(36)}.${sig}`,
    question: `${toPersianDigits(a)} + ${toPersianDigits(b)} = ؟`,
    expiresAt: new Date(now + CAPTCHA_TTL_MS).toISOString(),
    answer: a + b,
  };
}

/** Checks an answer against its token's signature and age; does not mark it used. */
export function checkCaptcha(secret: string, token: string, answer: string, now = Date.now()): CaptchaCheck {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1' || !/^[A-Za-z0-9_-]{16}$/.test(parts[1])) return { ok: false, reason: 'malformed' };
  const issuedAt = parseInt(parts[2], 36);
  const given = Buffer.from(parts[3], 'base64url');
  if (!Number.isSafeInteger(issuedAt) || given.length !== 16) return { ok: false, reason: 'malformed' };
  const digits = toAsciiDigits(answer).trim();
  if (!/^\d{1,3}$/.test(digits) || !timingSafeEqual(given, mac(keyFor(secret), parts[1], issuedAt, Number(digits)))) {
    return { ok: false, reason: 'wrong', id: parts[1] };
  }
  if (now - issuedAt > CAPTCHA_TTL_MS || issuedAt - now > 60_000) return { ok: false, reason: 'expired' };
  return { ok: true, id: parts[1], issuedAt };
}

/**
 * Token ids already spent, kept in the database until their token would have expired anyway,
 * so a token is spent once on the whole site however many web processes answer it.
 */
export class UsedCaptchas {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /**
   * Marks the id spent until `now` + the token lifetime; false when it already was. Inside a
   * transaction, a racing spend of the same id (in any process) waits for it and then loses.
   */
  async spend(id: string, now = Date.now(), tx: Db = this.db): Promise<boolean> {
    await this.prune(now, tx);
    const rows = await tx.insert(captchaSpends).values({ id, expiresAt: new Date(now + CAPTCHA_TTL_MS) })
      .onConflictDoNothing().returning({ id: captchaSpends.id });
    return rows.length === 1;
  }

  async has(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: captchaSpends.id }).from(captchaSpends).where(eq(captchaSpends.id, id)).limit(1);
    return Boolean(row);
  }

  /** On the caller's transaction: the embedded database has one connection, held by it. */
  private async prune(now: number, tx: Db): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await tx.delete(captchaSpends).where(lt(captchaSpends.expiresAt, new Date(now)));
  }
}
