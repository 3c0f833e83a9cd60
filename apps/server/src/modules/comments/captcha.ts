import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { toAsciiDigits, toPersianDigits } from '@chapar/shared/text';

export const CAPTCHA_TTL_MS = 10 * 60_000;
/** People take longer than this to read, type and answer; scripts do not. */
export const CAPTCHA_MIN_FILL_MS = 3_000;
const OPERAND_MIN = 1;
const OPERAND_MAX = 10;
const MAX_USED_TRACKED = 100_000;

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
    question: `${toPersianDigits(a)} + ${toPersianDigits(b)} = ?`,
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
 * Token ids already spent, each kept until its token would have expired anyway. Per process:
 * with several processes behind a load balancer a token could be spent once on each of them.
 */
export class UsedCaptchas {
  private readonly until = new Map<string, number>();

  /**
   * Marks the id spent until `now` + the token lifetime; false when it already was.
   * Synchronous, so two racing requests cannot both win.
   */
  spend(id: string, now = Date.now()): boolean {
    this.prune(now);
    if (this.until.has(id)) return false;
    if (this.until.size >= MAX_USED_TRACKED) this.until.delete(this.until.keys().next().value as string);
    this.until.set(id, now + CAPTCHA_TTL_MS);
    return true;
  }

  has(id: string): boolean {
    return this.until.has(id);
  }

  private prune(now: number): void {
    // Insertion order is close to expiry order: stop at the first entry still alive.
    for (const [id, until] of this.until) {
      if (until > now) break;
      this.until.delete(id);
    }
  }
}
