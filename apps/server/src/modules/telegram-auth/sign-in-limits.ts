// Caps of the site's own on guessing, before Telegram's: a code request takes at most
// CODE_ATTEMPTS wrong codes (from all admins together), and each admin at most
// PASSWORD_ATTEMPTS wrong two-step passwords per PASSWORD_WINDOW_MINUTES. An attempt past a cap
// is refused here with 429 and never reaches Telegram, which would otherwise lock the account.
import type { Db } from '@chapar/db';
import { isMtprotoError, type MtprotoErrorCode } from '../../integrations/telegram/mtproto/index.ts';
import { attemptRepo } from './attempt-repo.ts';
import { tooSoon } from './auth-errors.ts';
import { TEXT } from './messages.ts';

export const CODE_ATTEMPTS = 5;
export const PASSWORD_ATTEMPTS = 5;
export const PASSWORD_WINDOW_MINUTES = 15;

const CODE_KEY = 'telegram.code-attempts';
const passwordKey = (adminId: number) => `telegram.password-attempts:${adminId}`;
// A code request's counter never runs out by time: it ends with the request (a new one clears it).
const NO_WINDOW = new Date(0);

interface Guard {
  key: string;
  limit: number;
  windowStart: Date;
  /** The error that answers an attempt past the cap, from when the window began. */
  refuse(since: Date): Promise<Error> | Error;
  /** Telegram's answer that counts as a wrong guess. */
  wrong: MtprotoErrorCode;
}

export class SignInLimits {
  constructor(private readonly db: Db, private readonly now: () => Date) {}

  /** Runs `call` (signIn) as one of the code request's attempts. */
  code<T>(nextCodeRequestAt: () => Promise<Date>, call: () => Promise<T>): Promise<T> {
    return this.guarded({
      key: CODE_KEY, limit: CODE_ATTEMPTS, windowStart: NO_WINDOW, wrong: 'code_invalid',
      refuse: async () => {
        const allowedAt = await nextCodeRequestAt();
        return tooSoon(TEXT.codeAttemptsUsed(CODE_ATTEMPTS, allowedAt, this.now()), allowedAt, this.now());
      },
    }, call);
  }

  /** Runs `call` (checkPassword) as one of this admin's password attempts. */
  password<T>(adminId: number, call: () => Promise<T>): Promise<T> {
    const windowMs = PASSWORD_WINDOW_MINUTES * 60_000;
    return this.guarded({
      key: passwordKey(adminId), limit: PASSWORD_ATTEMPTS, windowStart: new Date(this.now().getTime() - windowMs), wrong: 'password_invalid',
      refuse: (since) => {
        const allowedAt = new Date(since.getTime() + windowMs);
        return tooSoon(TEXT.passwordAttemptsUsed(PASSWORD_ATTEMPTS, PASSWORD_WINDOW_MINUTES, allowedAt, this.now()), allowedAt, this.now());
      },
    }, call);
  }

  /** A new code was sent: its attempts start from none. */
  async newCodeRequest(): Promise<void> {
    await attemptRepo.clear(this.db, CODE_KEY);
  }

  private async guarded<T>(guard: Guard, call: () => Promise<T>): Promise<T> {
    const claim = await attemptRepo.claim(this.db, guard.key, guard.limit, this.now(), guard.windowStart);
    if (!claim.claimed) throw await guard.refuse(claim.since);
    let result: T;
    try {
      result = await call();
    } catch (error) {
      // Only a wrong guess counts; a timeout, a flood wait or a lost session gives the attempt back.
      if (!isMtprotoError(error, guard.wrong)) await attemptRepo.release(this.db, guard.key);
      throw error;
    }
    await attemptRepo.clear(this.db, guard.key);
    return result;
  }
}
