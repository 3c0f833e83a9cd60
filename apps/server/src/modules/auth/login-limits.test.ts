import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginAttempts } from '@chapar/db';
import { buildTestApp, TEST_ADMIN, type TestApp } from '../../../testing/test-app.ts';
import { authRepo } from './repo.ts';
import { hashPassword } from './password.ts';
import { FREE_FAILURES_PER_USER, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_IP_USER } from './login-limits.ts';
import { CHECKS_BUSY_MESSAGE } from './password-checks.ts';

// These tests count checks, not hashes: each of their dozens of checks costs milliseconds.
vi.mock('./password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let t: TestApp;
/** Users of their own for the tests that count failures, so the owner's counts stay apart. */
const DESK_PASSWORD = 'desk-password-123';
beforeAll(async () => {
  t = await buildTestApp();
  const hash = await hashPassword(DESK_PASSWORD);
  for (const username of ['desk1', 'desk2', 'desk3']) await authRepo.createUser(t.database.db, { username, passwordHash: hash, role: 'owner' });
});
afterAll(async () => { await t?.close(); });

const WRONG = { error: 'unauthorized', message: 'نام کاربری یا رمز عبور اشتباه است' };

const login = (payload: { username: string; password: string }, ip: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

const statuses = (list: Array<{ statusCode: number }>) => ({
  checked: list.filter((r) => r.statusCode === 401).length,
  refused: list.filter((r) => r.statusCode === 429).length,
});

function expectRefusal(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  const body = res.json() as { error: string; message: string };
  expect(body.error).toBe('rate_limited');
  expect(body.message).toMatch(/^تلاش‌های ناموفق زیادی انجام شده است\. لطفاً [۰-۹]+ (ثانیه|دقیقه) دیگر دوباره تلاش کنید\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

describe('login limits: an attempt is counted before its password is checked', () => {
  it('checks at most the limit of 200 wrong passwords sent at once for one user from one address', async () => {
    const all = await Promise.all(Array.from({ length: 200 }, () => login({ username: 'desk1', password: 'wrong-guess' }, '10.20.0.1')));
    const { checked, refused } = statuses(all);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_IP_USER);
    expect(checked + refused).toBe(200);
    for (const res of all.filter((r) => r.statusCode === 401)) expect(res.json()).toEqual(WRONG);
    // The limit's refusal (on a slow machine an admitted attempt may instead wait past the
    // password queue's deadline and be refused as busy; neither is checked nor kept).
    expectRefusal(all.find((r) => r.statusCode === 429 && (r.json() as { message: string }).message !== CHECKS_BUSY_MESSAGE)!);
    // Refused attempts were never checked and are not kept as failures.
    const rows = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '10.20.0.1'));
    expect(rows).toHaveLength(checked);
  });

  it('checks at most the per-address limit of 200 wrong logins for many usernames from one address', async () => {
    const all = await Promise.all(Array.from({ length: 200 }, (_v, i) => login({ username: `ghost${i}`, password: 'x' }, '10.20.0.2')));
    const { checked, refused } = statuses(all);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_IP);
    expect(checked + refused).toBe(200);
    // On a slow machine some of the burst wait past the password queue's deadline and are
    // refused as busy, not counted; the address is brought to its limit one login at a time.
    for (let i = checked; i < MAX_FAILURES_PER_IP; i++) {
      expect((await login({ username: `ghost-late${i}`, password: 'x' }, '10.20.0.2')).statusCode).toBe(401);
    }
    // While the address is over its limit, even the right password is not checked from it.
    expectRefusal(await login(TEST_ADMIN, '10.20.0.2'));
  });

  it('checks at most the free attempts (and a few delayed ones) of 100 wrong logins for one username from 100 addresses', async () => {
    const started = Date.now();
    const all = await Promise.all(Array.from({ length: 100 }, (_v, i) => login({ username: 'target', password: 'x' }, `10.21.${Math.floor(i / 100)}.${i % 100}`)));
    const seconds = (Date.now() - started) / 1000;
    const { checked, refused } = statuses(all);
    expect(checked).toBeGreaterThan(0);
    // The free ones, then one after 1 s, one 2 s later, 4 s later…: a handful while the burst lasts.
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES_PER_USER + Math.floor(Math.log2(seconds + 1)) + 1);
    expect(checked + refused).toBe(100);
  });

  it('counts sequential failures: the sixth for one user from one address is refused', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_IP_USER; i++) {
      expect((await login({ username: 'desk2', password: `wrong-${i}` }, '10.20.0.3')).statusCode).toBe(401);
    }
    expectRefusal(await login({ username: 'desk2', password: 'wrong-last' }, '10.20.0.3'));
    expectRefusal(await login({ username: 'desk2', password: DESK_PASSWORD }, '10.20.0.3'));
    // Another username from that address is still checked (the address has room left).
    expect((await login({ username: 'someone-else', password: 'x' }, '10.20.0.3')).statusCode).toBe(401);
  });

  it('forgets an address\'s failures for a user once that user logs in from it', async () => {
    const desk3 = { username: 'desk3', password: 'typo' };
    for (let i = 0; i < MAX_FAILURES_PER_IP_USER - 1; i++) expect((await login(desk3, '10.20.0.4')).statusCode).toBe(401);
    expect((await login({ username: 'desk3', password: DESK_PASSWORD }, '10.20.0.4')).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_IP_USER; i++) expect((await login(desk3, '10.20.0.4')).statusCode).toBe(401);
    expectRefusal(await login(desk3, '10.20.0.4'));
  });
});

describe('login limits: a stranger cannot lock the owner out', () => {
  it('lets the owner log in from another address while one address guesses the password', async () => {
    // The owner logged in from home before the attack.
    expect((await login(TEST_ADMIN, '10.30.0.1')).statusCode).toBe(200);
    const attack = await Promise.all(Array.from({ length: 50 }, () => login({ username: 'admin', password: 'guess' }, '10.66.0.1')));
    expect(statuses(attack).checked).toBeLessThanOrEqual(MAX_FAILURES_PER_IP_USER);
    // From a new address and from home alike.
    expect((await login(TEST_ADMIN, '10.30.0.2')).statusCode).toBe(200);
    expect((await login(TEST_ADMIN, '10.30.0.1')).statusCode).toBe(200);
  });

  it('slows down guesses from many addresses, yet the owner logs in from a known address or with a session', async () => {
    const known = '10.31.0.1';
    const first = await login(TEST_ADMIN, known);
    expect(first.statusCode).toBe(200);
    const sessionCookie = first.cookies.filter((c) => c.name === 'chapar_sid').map((c) => `${c.name}=${c.value}`).join('; ');

    const attack: Array<{ statusCode: number }> = [];
    for (let i = 0; i < 30; i++) attack.push(await login({ username: 'admin', password: `guess-${i}` }, `10.67.0.${i}`));
    // The first ones are checked freely, then each must wait longer than the one before.
    const { checked, refused } = statuses(attack);
    expect(refused).toBeGreaterThan(0);
    expect(checked).toBeLessThan(30);
    // The attack has gone on for ten minutes already: many more failures, the latest just now.
    const now = Date.now();
    await t.database.db.insert(loginAttempts).values(Array.from({ length: 20 }, (_v, i) => ({
      ip: `10.68.0.${i}`, username: 'admin', createdAt: new Date(now - (20 - i) * 30_000),
    })));
    await t.database.db.insert(loginAttempts).values({ ip: '10.68.1.1', username: 'admin', createdAt: new Date() });

    // A fresh address must wait, with the right password too: a delay, not a lock.
    const fresh = await login(TEST_ADMIN, '10.31.0.99');
    expectRefusal(fresh);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(60);
    // The address the owner logged in from before still works, right away.
    expect((await login(TEST_ADMIN, known)).statusCode).toBe(200);
    // So does a new address when the browser carries a valid session of that user.
    const withSession = await login(TEST_ADMIN, '10.31.0.77', sessionCookie);
    expect(withSession.statusCode).toBe(200);
    // A session of the user does not help a wrong password: it is checked and refused.
    expect((await login({ username: 'admin', password: 'guess' }, '10.31.0.78', withSession.cookies.map((c) => `${c.name}=${c.value}`).join('; '))).json()).toEqual(WRONG);
  });
});
