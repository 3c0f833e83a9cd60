import type { Db } from '@chapar/db';
import { toPersianDigits } from '@chapar/shared/text';
import { AppError } from '../../errors.ts';
import { createRenderQueue } from '../../plugins/render-queue.ts';
import { loginAttemptsRepo } from './login-attempts-repo.ts';

/** Unsuccessful attempts are counted over this sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** From one address, whatever the usernames. */
export const MAX_FAILURES_PER_IP = 10;
/** From one address for one username. */
export const MAX_FAILURES_PER_IP_USER = 5;
/**
 * For one username from everywhere: this many pass freely, then each further attempt from an
 * unknown address waits 1 s, 2 s, 4 s … (at most the window) after the previous one. Never a
 * hard lock: the owner still logs in from an address they logged in from, or with a session.
 */
export const FREE_FAILURES_PER_USER = 10;
const MAX_USER_DELAY_MS = LOGIN_WINDOW_MS;
/** A successful login makes its address known for the user this long. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 60_000;

let lastPrune = 0;

/**
 * Attempts are admitted one at a time, each after a turn of the event loop (the first-come
 * queue the renders use), and each admission gives way again between its queries. With the
 * embedded database every query runs on the server's own thread, and queries waiting for it
 * follow each other without a break: 100 logins at once held every reader for 2.4 s. Taken
 * this way, readers are answered between them.
 */
const admissions = createRenderQueue(1);
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function waitText(seconds: number): string {
  if (seconds < 60) return `${toPersianDigits(seconds)} ثانیه`;
  return `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه`;
}

export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'rate_limited',
    `تلاش‌های ناموفق زیادی انجام شده است. لطفاً ${waitText(seconds)} دیگر دوباره تلاش کنید.`,
    { 'retry-after': String(seconds) },
  );
}

/** Forgets an admitted attempt that was never checked, in turn with the admissions. */
export async function forgetLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await admissions.run(() => loginAttemptsRepo.forget(db, attemptId));
}

/** How long the new attempt would have to wait; 0 when it may be checked now. */
function delayFor(counts: Awaited<ReturnType<typeof loginAttemptsRepo.counts>>, now: number, trusted: boolean): number {
  const waits: number[] = [];
  if (counts.byIp >= MAX_FAILURES_PER_IP && counts.ipOldest) waits.push(counts.ipOldest.getTime() + LOGIN_WINDOW_MS - now);
  if (counts.byPair >= MAX_FAILURES_PER_IP_USER && counts.pairOldest) waits.push(counts.pairOldest.getTime() + LOGIN_WINDOW_MS - now);
  if (!trusted && counts.byUser >= FREE_FAILURES_PER_USER && counts.userLatest) {
    const delay = Math.min(1000 * 2 ** Math.min(counts.byUser - FREE_FAILURES_PER_USER, 30), MAX_USER_DELAY_MS);
    waits.push(counts.userLatest.getTime() + delay - now);
  }
  const over = waits.filter((w) => w > 0);
  // Concurrent requests take their clocks a little apart: never ask for more than the window.
  return over.length === 0 ? 0 : Math.min(Math.max(...over), LOGIN_WINDOW_MS);
}

/**
 * Counts a login attempt before its password is checked. Under locks on the address and the
 * username, the unsuccessful attempts before it (those still being checked included) are
 * counted and, within the limits, the attempt is written, so concurrent attempts queue and each
 * sees the ones admitted before it. Over a limit it is refused with 429 and nothing is written;
 * otherwise its id is returned and the caller marks it successful or leaves it as a failure.
 */
export async function admitLoginAttempt(db: Db, input: {
  ip: string; username: string; now: Date; hasSessionOfUser: boolean;
}): Promise<number> {
  const { ip, username, now } = input;
  const at = now.getTime();
  if (at - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = at;
    await loginAttemptsRepo.prune(db, new Date(at - LOGIN_WINDOW_MS), new Date(at - KNOWN_ADDRESS_MS));
  }
  return admissions.run(() => db.transaction(async (tx) => {
    await loginAttemptsRepo.lock(tx, ip, username);
    await turn();
    const counts = await loginAttemptsRepo.counts(tx, { ip, username, since: new Date(at - LOGIN_WINDOW_MS) });
    await turn();
    const trusted = input.hasSessionOfUser || (counts.byUser >= FREE_FAILURES_PER_USER
      && await loginAttemptsRepo.knownAddress(tx, ip, username, new Date(at - KNOWN_ADDRESS_MS)));
    const wait = delayFor(counts, at, trusted);
    if (wait > 0) throw tooManyAttempts(wait);
    return loginAttemptsRepo.begin(tx, ip, username, now);
  }));
}

/**
 * A signed-in user's re-checks of their own password (the account page: a new password, two-factor
 * off, new recovery codes) are counted apart from logins, under a key of the user's own that no
 * address or username can equal: guessing through a stolen session stops after this many wrong
 * ones in the window, from any of the user's sessions, and the login form is never locked by them.
 */
export const MAX_RECHECK_FAILURES = MAX_FAILURES_PER_IP_USER;
const recheckKey = (userId: number) => `recheck:${userId}`;

export function tooManyRechecks(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'rate_limited',
    `رمز عبور کنونی چند بار نادرست وارد شد. لطفاً ${waitText(seconds)} دیگر دوباره تلاش کنید.`,
    { 'retry-after': String(seconds) },
  );
}

/** Counts a re-check before its password is checked, as admitLoginAttempt does a login; 429 over the limit. */
export async function admitPasswordRecheck(db: Db, input: { userId: number; now: Date }): Promise<{ attemptId: number; key: string }> {
  const key = recheckKey(input.userId);
  const at = input.now.getTime();
  const attemptId = await admissions.run(() => db.transaction(async (tx) => {
    await loginAttemptsRepo.lock(tx, key, key);
    const counts = await loginAttemptsRepo.counts(tx, { ip: key, username: key, since: new Date(at - LOGIN_WINDOW_MS) });
    if (counts.byPair >= MAX_RECHECK_FAILURES && counts.pairOldest) {
      const wait = counts.pairOldest.getTime() + LOGIN_WINDOW_MS - at;
      if (wait > 0) throw tooManyRechecks(Math.min(wait, LOGIN_WINDOW_MS));
    }
    return loginAttemptsRepo.begin(tx, key, key, input.now);
  }));
  return { attemptId, key };
}

/**
 * A right re-check: the user's re-check failures are forgotten and, as after a login, so are
 * their failed logins from this address (the password was just given from it).
 */
export async function recheckPassed(db: Db, recheck: { attemptId: number; key: string }, ip: string, username: string): Promise<void> {
  await loginAttemptsRepo.succeed(db, recheck.attemptId, recheck.key, recheck.key);
  await loginAttemptsRepo.forgetFailures(db, ip, username);
}
