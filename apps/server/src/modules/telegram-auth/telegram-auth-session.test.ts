import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { settings, type Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import type { FakeTelegram } from '../../../testing/fake-mtproto-gateway.ts';
import { message } from '../../../testing/mtproto-test-messages.ts';
import { buildTestApp, loginAsAdmin, TEST_ADMIN } from '../../../testing/test-app.ts';
import { testConfig } from '../../config.ts';
import { ensureInitialAdmin } from '../auth/service.ts';
import { createMtprotoProvider } from './provider.ts';
import { PLAIN, SECRET, buildTelegramApp, newTelegram, resetTelegramSettings, type TelegramTestApp } from '../../../testing/telegram-auth-test-app.ts';

// Each test signs in as the owner first; these tests are about Telegram's steps, not password hashing.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let database: Database;
let telegram: FakeTelegram;
const apps: TelegramTestApp[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureInitialAdmin(database.db, TEST_ADMIN);
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await resetTelegramSettings(database);
  telegram = newTelegram();
  telegram.channels.set('akhbar_rooz', [message(1, 'نخستین پست'), message(2, 'دومین پست')]);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.app.close()));
});

async function start(options: Parameters<typeof buildTelegramApp>[2] = {}): Promise<TelegramTestApp> {
  const built = await buildTelegramApp(database, telegram, options);
  apps.push(built);
  return built;
}

async function logIn(t: TelegramTestApp): Promise<void> {
  expect((await t.call('POST', '/api/admin/telegram/send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(200);
  expect((await t.call('POST', '/api/admin/telegram/verify-code', { code: PLAIN.code })).statusCode).toBe(200);
}

const storedSession = async () => (await database.db.select().from(settings).where(eq(settings.key, 'telegram.session')))[0]?.value;

describe('the stored Telegram session', () => {
  it('is sealed: nothing stored contains the session string', async () => {
    const t = await start();
    await logIn(t);
    const [sessionKey] = telegram.sessions.keys();
    expect(sessionKey).toMatch(/^fake-session-/);
    const rows = await database.db.select().from(settings).where(like(settings.key, 'telegram.%'));
    expect(rows.map((r) => r.key).sort()).toEqual(['telegram.auth', 'telegram.code-requested-at', 'telegram.session']);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(sessionKey);
    expect(everything).not.toContain(sessionKey.slice('fake-session-'.length, 30));
    expect(await storedSession()).toMatchObject({ v: 1, iv: expect.any(String), tag: expect.any(String), data: expect.any(String) });
  });

  it('is restored after a restart: still logged in, the source works, the login is checked once', async () => {
    await logIn(await start());
    await Promise.all(apps.splice(0).map((a) => a.app.close()));
    telegram.calls.length = 0;

    const restarted = await start();
    await vi.waitFor(() => expect(telegram.callsOf('getMe')).toHaveLength(1));
    expect(await restarted.status()).toMatchObject({ isAuthenticated: true, userInfo: { username: 'chapar_news' } });
    const source = await restarted.app.telegramMtproto.getActiveSource();
    const page = await source!.fetchPage('akhbar_rooz');
    expect(page.posts.map((p) => p.text)).toEqual(['نخستین پست', 'دومین پست']);
  });

  it('counts as logged out when SESSION_SECRET changed, without failing', async () => {
    await logIn(await start());
    const other = await start({ secret: 'another-secret-entirely-0123456789' });
    expect(await other.status()).toMatchObject({ step: 'phone', isAuthenticated: false, message: expect.stringContaining('SESSION_SECRET') });
    expect(await other.app.telegramMtproto.getActiveSource()).toBeNull();
  });

  it('is forgotten at start when Telegram revoked it, and the status says so', async () => {
    await logIn(await start());
    telegram.revokeAll();
    const restarted = await start();
    await vi.waitFor(async () => expect(await restarted.status()).toMatchObject({ isAuthenticated: false, message: expect.stringContaining('پایان یافته') }));
    expect(await storedSession()).toBeUndefined();
  });

  it('logout ends the session at Telegram and deletes the stored one', async () => {
    const t = await start();
    await logIn(t);
    const res = await t.call('POST', '/api/admin/telegram/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: { step: 'phone', isAuthenticated: false } });
    expect(telegram.callsOf('logOut')).toHaveLength(1);
    expect(telegram.sessions.size).toBe(0);
    expect(await storedSession()).toBeUndefined();
    expect(await t.app.telegramMtproto.getActiveSource()).toBeNull();
  });

  it('is shared by processes: a login in one is used by the other', async () => {
    const web = await start();
    const worker = await start();
    expect(await worker.app.telegramMtproto.getActiveSource()).toBeNull();
    await web.call('POST', '/api/admin/telegram/send-phone', { phoneNumber: PLAIN.phone });
    // The code step may land on another process: it continues with the stored session.
    expect((await worker.call('POST', '/api/admin/telegram/verify-code', { code: PLAIN.code })).statusCode).toBe(200);
    const source = await web.app.telegramMtproto.getActiveSource();
    expect((await source!.fetchPost('akhbar_rooz', 2))?.text).toBe('دومین پست');
  });
});

describe('createMtprotoProvider', () => {
  it('gives a process without the web app (a worker) the source once an admin logged in', async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const worker = await createMtprotoProvider({ db: database.db, config: testConfig({ sessionSecret: SECRET }), log, createGateway: telegram.factory });
    try {
      expect(await worker.getActiveSource()).toBeNull();
      await logIn(await start());
      const source = await worker.getActiveSource();
      expect((await source!.fetchPage('akhbar_rooz')).posts).toHaveLength(2);
    } finally {
      await worker.close();
    }
  });
});

describe('the Telegram routes', () => {
  it('need an admin session and, for changes, the CSRF token', async () => {
    const t = await start();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/telegram/auth-status' })).statusCode).toBe(401);
    const { cookie } = await loginAsAdmin(t.app);
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/admin/telegram/send-phone', headers: { cookie }, payload: { phoneNumber: PLAIN.phone } });
    expect(noCsrf.statusCode).toBe(403);
    expect(telegram.calls).toEqual([]);
  });

  // Missing keys are how the site is set up, not a server failure: 409 with the reason.
  it('answer 409 in the real app without TELEGRAM_API_ID/HASH, and auth-status says why', async () => {
    const real = await buildTestApp();
    try {
      const { cookie, csrfToken } = await loginAsAdmin(real.app);
      const headers = { cookie, 'x-csrf-token': csrfToken };
      // The setting names isolated, so the Persian line does not mirror them.
      const notConfigured = 'ورود به تلگرام پیکربندی نشده است: \u2066TELEGRAM_API_ID\u2069 و \u2066TELEGRAM_API_HASH\u2069 را تنظیم کنید';
      const status = await real.app.inject({ method: 'GET', url: '/api/admin/telegram/auth-status', headers });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ step: 'phone', isAuthenticated: false, message: notConfigured, phoneNumber: null, userInfo: null });
      for (const [url, payload] of [['send-phone', { phoneNumber: PLAIN.phone }], ['verify-code', { code: '12345' }], ['verify-password', { password: 'x' }], ['logout', undefined], ['cancel', undefined]] as const) {
        const res = await real.app.inject({ method: 'POST', url: `/api/admin/telegram/${url}`, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: 'conflict', message: notConfigured });
      }
      expect(await real.app.telegramMtproto.getActiveSource()).toBeNull();
    } finally {
      await real.close();
    }
  });

  it('are wired to GramJS in the real app once configured, without touching the network until asked', async () => {
    const real = await buildTestApp({ config: { telegramApiId: 12345, telegramApiHash: 'a'.repeat(32) } });
    try {
      const { cookie } = await loginAsAdmin(real.app);
      const status = await real.app.inject({ method: 'GET', url: '/api/admin/telegram/auth-status', headers: { cookie } });
      expect(status.json()).toMatchObject({ step: 'phone', isAuthenticated: false, message: expect.stringContaining('شماره تلفن') });
    } finally {
      await real.close();
    }
  });
});
