import pLimit from 'p-limit';
import { AppError } from '../../errors.ts';

/**
 * Password checks under way at once in this process. A check is scrypt at N = 2^17: about
 * 0.3 s of a core and 128 MiB. It runs on the password thread (password-thread.ts), one at a
 * time at a low CPU priority, so a flood of logins takes at most one core and never the
 * thread pool that reads files for readers: 100 logins at once used to fill the pool for
 * minutes, and a static file waited seconds behind them. The rest wait here, where a deadline
 * can refuse them.
 */
export const PASSWORD_CHECKS_AT_ONCE = 1;
/**
 * How long an attempt may wait for its turn before it is refused with 429. Long enough for a
 * whole address's allowance (MAX_FAILURES_PER_IP, e.g. a newsroom behind one address) to be
 * checked at a third of a second each with room for a busy machine, so the limits decide who
 * is refused while nobody floods; short enough that nobody waits on a flood for long.
 */
export const PASSWORD_CHECK_MAX_WAIT_MS = 10_000;

export const CHECKS_BUSY_MESSAGE = 'ورودهای زیادی هم‌زمان در حال بررسی است؛ لطفاً چند ثانیه دیگر دوباره تلاش کنید.';

export function checksBusy(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', CHECKS_BUSY_MESSAGE, { 'retry-after': String(retryAfterSeconds) });
}

export interface PasswordChecks {
  /**
   * Runs `check` when its turn comes; refuses with 429 (nothing run) if the turn has not come
   * `maxWaitMs` after `since` (when the request arrived; default now).
   */
  run<T>(check: () => Promise<T>, since?: number): Promise<T>;
  /** Checks waiting for their turn. */
  readonly waiting: number;
}

/** A first-come queue of password checks, `concurrency` at once, each waiting at most `maxWaitMs`. */
export function createPasswordChecks({ concurrency, maxWaitMs }: { concurrency: number; maxWaitMs: number }): PasswordChecks {
  const limit = pLimit(concurrency);
  const retryAfter = Math.max(1, Math.ceil(maxWaitMs / 1000));
  return {
    run<T>(check: () => Promise<T>, since = Date.now()): Promise<T> {
      let givenUp = false;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          givenUp = true;
          reject(checksBusy(retryAfter));
        }, Math.max(0, since + maxWaitMs - Date.now()));
      });
      // A turn that comes after the deadline is passed on at once: its request has been answered.
      const turn = limit(async () => {
        clearTimeout(timer);
        return givenUp ? undefined : check();
      }) as Promise<T>;
      return Promise.race([turn, deadline]);
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

/** The process's one queue: the thread pool it protects is the process's too. */
export const passwordChecks = createPasswordChecks({ concurrency: PASSWORD_CHECKS_AT_ONCE, maxWaitMs: PASSWORD_CHECK_MAX_WAIT_MS });
