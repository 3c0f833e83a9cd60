// GET /api/admin/telegram/auth-info: set up or not (and which variables to set), and when
// the next code may be requested.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import { ensureInitialAdmin } from '../auth/service.ts';
import { TEST_ADMIN } from '../../../testing/test-app.ts';
import { PLAIN, buildTelegramApp, newTelegram, resetTelegramSettings, type TelegramTestApp } from '../../../testing/telegram-auth-test-app.ts';

// Each test signs in as the owner first; these tests are about Telegram's steps, not password hashing.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let database: Database;
const apps: TelegramTestApp[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureInitialAdmin(database.db, TEST_ADMIN);
});
afterAll(async () => database?.close());
beforeEach(async () => resetTelegramSettings(database));
afterEach(async () => { await Promise.all(apps.splice(0).map((a) => a.app.close())); });

async function start(...args: Parameters<typeof buildTelegramApp> extends [unknown, ...infer R] ? R : never) {
  const app = await buildTelegramApp(database, ...args);
  apps.push(app);
  return app;
}

describe('GET /api/admin/telegram/auth-info', () => {
  it('without TELEGRAM_API_ID/HASH says which variables to set', async () => {
    const t = await start(null);
    const res = await t.call('GET', '/api/admin/telegram/auth-info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: false, missing: ['TELEGRAM_API_ID', 'TELEGRAM_API_HASH'], codeIntervalHours: 22, lastCodeRequestAt: null, nextCodeRequestAt: null, codeRequestPhone: null });
  });

  it('once a code was requested, says from when the next one may be', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const t = await start(newTelegram(), { now: () => now });
    expect((await t.call('GET', '/api/admin/telegram/auth-info')).json()).toMatchObject({ configured: true, missing: [], nextCodeRequestAt: null });
    expect((await t.call('POST', '/api/admin/telegram/send-phone', { phoneNumber: PLAIN.phone })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/admin/telegram/auth-info')).json()).toMatchObject({
      configured: true, lastCodeRequestAt: '2026-11-23T10:00:00.000Z', nextCodeRequestAt: '2026-11-24T08:00:00.000Z', codeRequestPhone: '+********4567',
    });
  });

  it('needs a session', async () => {
    const t = await start(null);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/telegram/auth-info' })).statusCode).toBe(401);
  });
});
