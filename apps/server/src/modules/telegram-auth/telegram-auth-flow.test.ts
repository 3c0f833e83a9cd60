import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { like } from 'drizzle-orm';
import { settings, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import type { FakeTelegram } from '../../../testing/fake-mtproto-gateway.ts';
import { floodWaitError } from '../../integrations/telegram/mtproto/index.ts';
import { ensureInitialAdmin } from '../auth/service.ts';
import { TEST_ADMIN } from '../../../testing/test-app.ts';
import { PLAIN, TWO_STEP, buildTelegramApp, newTelegram, resetTelegramSettings, type TelegramTestApp } from '../../../testing/telegram-auth-test-app.ts';

// Each test signs in as the owner first; these tests are about Telegram's steps, not password hashing.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let database: Database;
let telegram: FakeTelegram;
let t: TelegramTestApp;
const apps: TelegramTestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureInitialAdmin(database.db, TEST_ADMIN);
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await resetTelegramSettings(database);
  telegram = newTelegram();
  t = await start();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.app.close()));
});

async function start(options: Parameters<typeof buildTelegramApp>[2] = {}): Promise<TelegramTestApp> {
  const built = await buildTelegramApp(database, telegram, options);
  apps.push(built);
  return built;
}

const sendPhone = (phoneNumber: unknown, app = t) => app.call('POST', '/api/admin/telegram/send-phone', { phoneNumber });
const verifyCode = (code: unknown, app = t) => app.call('POST', '/api/admin/telegram/verify-code', { code });
const verifyPassword = (password: unknown, app = t) => app.call('POST', '/api/admin/telegram/verify-password', { password });
const storedSettings = () => database.db.select().from(settings).where(like(settings.key, 'telegram.%'));

describe('Telegram login flow', () => {
  it('starts at the phone step, logged out', async () => {
    expect(await t.status()).toEqual({ step: 'phone', isAuthenticated: false, message: expect.stringContaining('شماره تلفن'), phoneNumber: null, userInfo: null });
  });

  it('phone → code → authenticated, with masked numbers on the way', async () => {
    const sent = await sendPhone('+98 912 123 4567');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: 'کد تأیید به \u2068+********4567\u2069 ارسال شد', status: { step: 'code', isAuthenticated: false, phoneNumber: '+********4567' } });
    expect(Date.parse(sent.json().nextCodeRequestAt) - Date.now()).toBeGreaterThan(21.9 * 3_600_000);
    expect(telegram.callsOf('sendCode')).toEqual(['sendCode +989121234567']);
    expect(await t.status()).toMatchObject({ step: 'code', isAuthenticated: false, message: expect.stringContaining('۵ رقمی') });

    const verified = await verifyCode('۱۲۳۴۵');
    expect(verified.statusCode).toBe(200);
    const authenticated = { step: 'phone', isAuthenticated: true, phoneNumber: '+********4567', userInfo: { firstName: 'چاپار', username: 'chapar_news', phone: '+********4567' } };
    expect(verified.json()).toMatchObject({ success: true, status: authenticated });
    expect(await t.status()).toMatchObject({ ...authenticated, message: expect.stringContaining('@chapar_news') });
    expect(await t.app.telegramMtproto.getActiveSource()).not.toBeNull();
  });

  it('phone → code → password → authenticated for an account with two-step verification', async () => {
    await sendPhone(TWO_STEP.phone);
    const code = await verifyCode(TWO_STEP.code);
    expect(code.statusCode).toBe(200);
    expect(code.json().status).toMatchObject({ step: 'password', isAuthenticated: false });
    expect(await t.status()).toMatchObject({ step: 'password', isAuthenticated: false });
    expect(await t.app.telegramMtproto.getActiveSource()).toBeNull();

    const wrong = await verifyPassword('wrong');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('رمز دومرحله‌ای اشتباه است. دوباره تلاش کنید.');
    expect(await t.status()).toMatchObject({ step: 'password' });

    const right = await verifyPassword(TWO_STEP.password);
    expect(right.statusCode).toBe(200);
    expect(await t.status()).toMatchObject({ isAuthenticated: true, userInfo: { firstName: 'مریم', username: null, phone: null } });
  });

  it('a wrong code answers 400 in Persian and the step stays at code', async () => {
    await sendPhone(PLAIN.phone);
    const wrong = await verifyCode('11111');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'bad_request', message: 'کد تأیید اشتباه است. دوباره تلاش کنید.' });
    expect(await t.status()).toMatchObject({ step: 'code', isAuthenticated: false });
    expect((await verifyCode(PLAIN.code)).statusCode).toBe(200);
  });

  it('an expired code returns to the phone step and says why', async () => {
    await sendPhone(PLAIN.phone);
    telegram.revokeAll();
    const expired = await verifyCode(PLAIN.code);
    expect(expired.statusCode).toBe(400);
    expect(await t.status()).toMatchObject({ step: 'phone', isAuthenticated: false, message: expired.json().message });
  });

  it('refuses steps out of order with 409', async () => {
    expect((await verifyCode(PLAIN.code)).statusCode).toBe(409);
    expect((await verifyPassword('x')).statusCode).toBe(409);
    await sendPhone(PLAIN.phone);
    await verifyCode(PLAIN.code);
    const again = await sendPhone(PLAIN.phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('خارج شوید');
  });
});

describe('Telegram login input checks', () => {
  it.each([
    ['send-phone', {}, 'لطفاً شماره تلفن را وارد کنید'],
    ['send-phone', { phoneNumber: '   ' }, 'لطفاً شماره تلفن را وارد کنید'],
    ['send-phone', { phoneNumber: '09121234567' }, 'شماره تلفن باید با +'],
    ['send-phone', { phoneNumber: '+98abc' }, 'شماره تلفن باید با +'],
    ['send-phone', { phoneNumber: 989121234567 }, 'لطفاً شماره تلفن را وارد کنید'],
    ['verify-code', { code: '1234' }, 'کد تأیید باید دقیقاً ۵ رقم باشد'],
    ['verify-code', { code: '123456' }, 'کد تأیید باید دقیقاً ۵ رقم باشد'],
    ['verify-code', { code: '12a45' }, 'کد تأیید باید دقیقاً ۵ رقم باشد'],
    ['verify-password', { password: '  ' }, 'لطفاً رمز دومرحله‌ای را وارد کنید'],
    ['verify-password', {}, 'لطفاً رمز دومرحله‌ای را وارد کنید'],
  ])('%s %j → 400 with a Persian message, nothing changed', async (action, payload, message) => {
    const res = await t.call('POST', `/api/admin/telegram/${action}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
    expect(res.json().message).toContain(message);
    expect(telegram.calls).toEqual([]);
    expect(await storedSettings()).toEqual([]);
  });
});

describe('Telegram code requests: once per 22 hours', () => {
  it('answers a second request with 429, also after a restart, and allows it 22 h later', async () => {
    let now = new Date('2026-11-18T08:00:00Z');
    const clock = () => now;
    t = await start({ now: clock });
    expect((await sendPhone(PLAIN.phone)).statusCode).toBe(200);
    // Logging out does not lift the limit: Telegram's own limit outlives the session.
    expect((await t.call('POST', '/api/admin/telegram/logout')).statusCode).toBe(200);

    now = new Date('2026-11-18T20:00:00Z');
    const second = await sendPhone(PLAIN.phone);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toContain('۲۲ ساعت');
    expect(second.json().message).toContain('۱۰ ساعت');
    expect(second.headers['retry-after']).toBe(String(10 * 3600));

    const restarted = await start({ now: clock });
    expect((await sendPhone(PLAIN.phone, restarted)).statusCode).toBe(429);
    expect(telegram.callsOf('sendCode')).toHaveLength(1);

    now = new Date('2026-11-19T06:00:00Z');
    expect((await sendPhone(PLAIN.phone, restarted)).statusCode).toBe(200);
  });

  it('does not count a request Telegram refused', async () => {
    const refused = await sendPhone('+15550000000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('نپذیرفت');
    expect((await sendPhone(PLAIN.phone)).statusCode).toBe(200);
  });
});

describe('Telegram FLOOD_WAIT', () => {
  it('waits a short flood out and retries once', async () => {
    telegram.failNext('sendCode', floodWaitError(5));
    const res = await sendPhone(PLAIN.phone);
    expect(res.statusCode).toBe(200);
    expect(t.slept).toEqual([5_000]);
    expect(telegram.callsOf('sendCode')).toHaveLength(2);
  });

  it('surfaces a long flood as 429 with the wait in Persian, and the code limit is not used up', async () => {
    telegram.failNext('sendCode', floodWaitError(2 * 3600));
    const res = await sendPhone(PLAIN.phone);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('۲ ساعت');
    expect(res.headers['retry-after']).toBe('7200');
    expect(t.slept).toEqual([]);
    expect((await sendPhone(PLAIN.phone)).statusCode).toBe(200);
  });

  it('applies to the code step as well', async () => {
    await sendPhone(PLAIN.phone);
    telegram.failNext('signIn', floodWaitError(3));
    expect((await verifyCode(PLAIN.code)).statusCode).toBe(200);
    expect(t.slept).toEqual([3_000]);
  });
});
