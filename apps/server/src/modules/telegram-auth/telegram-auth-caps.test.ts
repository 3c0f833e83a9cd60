// The site's own caps on the Telegram sign-in (5 wrong codes per code request, 5 wrong two-step
// passwords per 15 minutes per admin), counted in the database so a restart does not reset them,
// and the way back from a mistyped number (the 22-hour rule is per number).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import type { FakeTelegram } from '../../../testing/fake-mtproto-gateway.ts';
import { floodWaitError } from '../../integrations/telegram/mtproto/index.ts';
import { createAdmin, ensureInitialAdmin } from '../auth/service.ts';
import { TEST_ADMIN } from '../../../testing/test-app.ts';
import { PLAIN, TWO_STEP, buildTelegramApp, newTelegram, resetTelegramSettings, type TelegramTestApp } from '../../../testing/telegram-auth-test-app.ts';

// Each test signs in as the owner first; these tests are about Telegram's steps, not password hashing.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

const EDITOR = { username: 'editor2', password: 'another-long-passphrase' };
let database: Database;
let telegram: FakeTelegram;
let now: Date;
let t: TelegramTestApp;
const apps: TelegramTestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureInitialAdmin(database.db, TEST_ADMIN);
  await createAdmin(database.db, EDITOR.username, EDITOR.password);
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await resetTelegramSettings(database);
  telegram = newTelegram();
  now = new Date('2026-11-20T08:00:00Z');
  t = await start();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.app.close()));
});

async function start(): Promise<TelegramTestApp> {
  const built = await buildTelegramApp(database, telegram, { now: () => now });
  apps.push(built);
  return built;
}

const post = (path: string, payload?: object, app = t) => app.call('POST', `/api/admin/telegram/${path}`, payload);
const later = (minutes: number) => { now = new Date(now.getTime() + minutes * 60_000); };

/** A request as the second admin, with its own session. */
async function asEditor(path: string, payload: object) {
  const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: EDITOR });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return t.app.inject({ method: 'POST', url: `/api/admin/telegram/${path}`, headers: { cookie, 'x-csrf-token': login.json().csrfToken }, payload });
}

describe('wrong codes: at most 5 per code request', () => {
  it('answers the 6th (even the right code) with 429 without asking Telegram, also after a restart', async () => {
    expect((await post('send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post('verify-code', { code: '11111' })).statusCode).toBe(400);
    expect(telegram.callsOf('signIn')).toHaveLength(5);

    later(60);
    const capped = await post('verify-code', { code: PLAIN.code });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toBe('rate_limited');
    expect(capped.json().message).toMatch(/^کد تأیید ۵ بار اشتباه وارد شد/);
    // A new code for this number is 22 h after its request, 21 h from now.
    expect(capped.json().message).toContain('(۲۱ ساعت دیگر)');
    expect(capped.json().message).toContain('لغو کنید');
    expect(capped.headers['retry-after']).toBe(String(21 * 3600));
    expect(telegram.callsOf('signIn')).toHaveLength(5);

    const restarted = await start();
    expect((await post('verify-code', { code: PLAIN.code }, restarted)).statusCode).toBe(429);
    expect(telegram.callsOf('signIn')).toHaveLength(5);
    expect(await restarted.status()).toMatchObject({ step: 'code' });
  });

  it('counts only wrong codes: a flood wait is given back, and a right code within the cap goes through', async () => {
    await post('send-phone', { phoneNumber: PLAIN.phone });
    for (let i = 0; i < 4; i++) await post('verify-code', { code: '11111' });
    telegram.failNext('signIn', floodWaitError(3600));
    expect((await post('verify-code', { code: PLAIN.code })).statusCode).toBe(429);
    expect((await post('verify-code', { code: PLAIN.code })).statusCode).toBe(200);
    expect(await t.status()).toMatchObject({ isAuthenticated: true });
  });

  it('starts again with a new code request', async () => {
    await post('send-phone', { phoneNumber: PLAIN.phone });
    for (let i = 0; i < 5; i++) await post('verify-code', { code: '11111' });
    expect((await post('cancel')).statusCode).toBe(200);
    await post('send-phone', { phoneNumber: TWO_STEP.phone });
    expect((await post('verify-code', { code: '11111' })).statusCode).toBe(400);
    expect((await post('verify-code', { code: TWO_STEP.code })).json().status).toMatchObject({ step: 'password' });
  });
});

describe('wrong two-step passwords: at most 5 per 15 minutes per admin', () => {
  beforeEach(async () => {
    await post('send-phone', { phoneNumber: TWO_STEP.phone });
    await post('verify-code', { code: TWO_STEP.code });
  });

  it('answers the 6th with 429 and when to try again, never reaching Telegram, until the 15 minutes are over', async () => {
    for (let i = 0; i < 5; i++) {
      later(1);
      expect((await post('verify-password', { password: `wrong ${i}` })).statusCode).toBe(400);
    }
    expect(telegram.callsOf('checkPassword')).toHaveLength(5);

    const capped = await post('verify-password', { password: TWO_STEP.password });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/^رمز دومرحله‌ای ۵ بار در ۱۵ دقیقه اشتباه وارد شد/);
    // The window began with the first wrong password, 4 minutes ago.
    expect(capped.json().message).toContain('(۱۱ دقیقه دیگر)');
    expect(capped.headers['retry-after']).toBe(String(11 * 60));
    expect((await post('verify-password', { password: TWO_STEP.password }, await start())).statusCode).toBe(429);
    expect(telegram.callsOf('checkPassword')).toHaveLength(5);

    later(11);
    expect((await post('verify-password', { password: TWO_STEP.password })).statusCode).toBe(200);
  });

  it('counts each admin apart', async () => {
    for (let i = 0; i < 5; i++) await post('verify-password', { password: 'wrong' });
    expect((await post('verify-password', { password: 'wrong' })).statusCode).toBe(429);
    const other = await asEditor('verify-password', { password: 'still wrong' });
    expect(other.statusCode).toBe(400);
    expect(telegram.callsOf('checkPassword')).toHaveLength(6);
  });
});

describe('a mistyped phone number', () => {
  it('blocks only that number for 22 h: the page can say until when, cancel, and ask for another', async () => {
    expect((await post('send-phone', { phoneNumber: TWO_STEP.phone })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/telegram/auth-info')).json()).toMatchObject({
      codeRequestPhone: '+********2233', nextCodeRequestAt: '2026-11-21T06:00:00.000Z',
    });

    const callsBefore = telegram.calls.filter((c) => c !== 'disconnect').length;
    const cancelled = await post('cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ success: true, message: 'درخواست کد لغو شد؛ شماره تلفن را وارد کنید', status: { step: 'phone', isAuthenticated: false } });
    expect(telegram.calls.filter((c) => c !== 'disconnect')).toHaveLength(callsBefore);
    expect(await t.status()).toMatchObject({ step: 'phone' });

    later(60);
    const again = await post('send-phone', { phoneNumber: TWO_STEP.phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toContain('\u2068+********2233\u2069');
    expect(again.json().message).toContain('برای شماره‌ای دیگر همین حالا');

    expect((await post('send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/telegram/auth-info')).json()).toMatchObject({ codeRequestPhone: '+********4567', nextCodeRequestAt: '2026-11-21T07:00:00.000Z' });
    expect((await post('verify-code', { code: PLAIN.code })).statusCode).toBe(200);
  });

  it('cancel answers 409 when nothing is pending or the account is signed in', async () => {
    expect((await post('cancel')).statusCode).toBe(409);
    await post('send-phone', { phoneNumber: PLAIN.phone });
    await post('verify-code', { code: PLAIN.code });
    const signedIn = await post('cancel');
    expect(signedIn.statusCode).toBe(409);
    expect(signedIn.json().message).toContain('خارج شوید');
  });

  it('a request time stored before the limit was per number still holds for every number until it passes', async () => {
    await database.db.insert(settings).values({ key: 'telegram.code-requested-at', value: { at: new Date(now.getTime() - 3_600_000).toISOString() } });
    expect((await post('send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(429);
    later(21 * 60);
    expect((await post('send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(200);
  });
});
