// Every sign-in step answers within its deadline when Telegram does not (filtered, the packets
// dropped): 504 with a Persian sentence naming the likely cause and the proxy settings, the
// connection still trying closed, nothing used up. With the stand-in gateway that never answers,
// and with the real GramJS behind a SOCKS5 proxy that never answers.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@chapar/db';
import { openTestDatabase } from '@chapar/db/testing';
import type { FakeTelegram } from '../../../testing/fake-mtproto-gateway.ts';
import { MtprotoError } from '../../integrations/telegram/mtproto/index.ts';
import { ensureInitialAdmin } from '../auth/service.ts';
import { buildTestApp, loginAsAdmin, TEST_ADMIN } from '../../../testing/test-app.ts';
import { PLAIN, TWO_STEP, buildTelegramApp, newTelegram, resetTelegramSettings, type TelegramTestApp } from '../../../testing/telegram-auth-test-app.ts';

// Each test signs in as the owner first; these tests are about Telegram's steps, not password hashing.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

const DEADLINE_MS = 300;
const FSI = '\u2068';
const PDI = '\u2069';

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
  const built = await buildTelegramApp(database, telegram, { deadlineMs: DEADLINE_MS, ...options });
  apps.push(built);
  return built;
}

const sendPhone = (phoneNumber: string, app = t) => app.call('POST', '/api/admin/telegram/send-phone', { phoneNumber });
const verifyCode = (code: string) => t.call('POST', '/api/admin/telegram/verify-code', { code });
const verifyPassword = (password: string) => t.call('POST', '/api/admin/telegram/verify-password', { password });

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe('a sign-in step when Telegram does not answer', () => {
  it('send-phone answers 504 at the deadline, names the likely cause, and uses up no code request', async () => {
    telegram.hang('sendCode');
    const { result: res, ms } = await timed(sendPhone(PLAIN.phone));
    expect(res.statusCode).toBe(504);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
    expect(ms).toBeLessThan(DEADLINE_MS + 2_000);
    const { error, message } = res.json() as { error: string; message: string };
    expect(error).toBe('gateway_timeout');
    expect(message).toMatch(/^تلگرام در ۱ ثانیه پاسخ نداد/);
    expect(message).toContain('فیلتر');
    expect(message).toContain(`${FSI}TELEGRAM_PROXY_URL${PDI}`);
    expect(message).toContain(`${FSI}TELEGRAM_MTPROTO_PROXY${PDI}`);
    // The gateway still waiting for Telegram was closed, and the page is back at the phone step.
    expect(telegram.callsOf('disconnect').length).toBeGreaterThan(0);
    expect(await t.status()).toMatchObject({ step: 'phone', isAuthenticated: false });

    telegram.answerAgain();
    expect((await sendPhone(PLAIN.phone)).statusCode).toBe(200);
  });

  it('verify-code and verify-password answer 504 too, and the step stays where it was', async () => {
    expect((await sendPhone(TWO_STEP.phone)).statusCode).toBe(200);
    telegram.hang('signIn');
    const code = await verifyCode(TWO_STEP.code);
    expect(code.statusCode).toBe(504);
    expect(code.json().message).toContain('پاسخ نداد');
    expect(await t.status()).toMatchObject({ step: 'code' });
    telegram.answerAgain();
    expect((await verifyCode(TWO_STEP.code)).json().status).toMatchObject({ step: 'password' });

    telegram.hang('checkPassword');
    const password = await verifyPassword(TWO_STEP.password ?? '');
    expect(password.statusCode).toBe(504);
    expect(await t.status()).toMatchObject({ step: 'password' });
    telegram.answerAgain();
    expect((await verifyPassword(TWO_STEP.password ?? '')).statusCode).toBe(200);
    expect(await t.status()).toMatchObject({ isAuthenticated: true });
  });

  it('does not hold up the requests queued behind it', async () => {
    telegram.hang('sendCode');
    const { result, ms } = await timed(Promise.all([sendPhone(PLAIN.phone), sendPhone(TWO_STEP.phone)]));
    expect(result.map((r) => r.statusCode)).toEqual([504, 504]);
    expect(ms).toBeLessThan(2 * DEADLINE_MS + 2_000);
  });

  it('logout does not wait for an unreachable Telegram either', async () => {
    await sendPhone(PLAIN.phone);
    await verifyCode(PLAIN.code);
    telegram.hang('logOut');
    const { result, ms } = await timed(t.call('POST', '/api/admin/telegram/logout'));
    expect(result.statusCode).toBe(200);
    expect(ms).toBeLessThan(DEADLINE_MS + 2_000);
    expect(await t.status()).toMatchObject({ isAuthenticated: false });
  });

  it('names the proxy GramJS goes through, never its password or secret', async () => {
    const socks = { kind: 'socks5' as const, host: '127.0.0.1', port: 1080, username: 'chapar', password: 'hunter2-secret' };
    const secret = '00112233445566778899aabbccddeeff';
    const cases = [
      { config: { telegramProxy: socks }, names: `${FSI}SOCKS5 127.0.0.1:1080${PDI}` },
      { config: { telegramProxy: socks, telegramMtprotoProxy: { host: 'mt.example', port: 443, secret } }, names: `${FSI}MTProto mt.example:443${PDI}` },
      { config: { telegramProxy: { kind: 'http' as const, host: 'proxy.example', port: 3128 } }, names: `پراکسی ${FSI}HTTP${PDI} فقط صفحه‌ها و رسانه‌ها` },
    ];
    telegram.hang('sendCode');
    for (const { config, names } of cases) {
      const app = await start({ config });
      const message = (await sendPhone(PLAIN.phone, app)).json().message as string;
      expect(message).toContain(names);
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('chapar');
      expect(message).not.toContain(secret);
    }
  });

  it('a connection that fails at once answers 503 with the same hint', async () => {
    telegram.failNext('sendCode', new MtprotoError('network', 'Could not talk to Telegram: ECONNREFUSED'));
    const res = await sendPhone(PLAIN.phone);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('unavailable');
    expect(res.json().message).toMatch(/^ارتباط با تلگرام برقرار نشد/);
    expect(res.json().message).toContain(`${FSI}TELEGRAM_PROXY_URL${PDI}`);
  });
});

describe('the real app with GramJS, through a SOCKS5 proxy that never answers', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts and keeps silent, like a filtered route that drops every packet.
    blackHole = createServer((socket) => { sockets.push(socket); socket.on('error', () => undefined); });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('answers send-phone with 504 within TELEGRAM_SIGNIN_TIMEOUT_MS', async () => {
    const { port } = blackHole.address() as { port: number };
    const real = await buildTestApp({
      config: { telegramApiId: 12345, telegramApiHash: 'a'.repeat(32), telegramProxy: { kind: 'socks5', host: '127.0.0.1', port }, telegramSignInTimeoutMs: 1_000 },
    });
    try {
      const { cookie, csrfToken } = await loginAsAdmin(real.app);
      const { result: res, ms } = await timed(real.app.inject({
        method: 'POST', url: '/api/admin/telegram/send-phone', headers: { cookie, 'x-csrf-token': csrfToken }, payload: { phoneNumber: PLAIN.phone },
      }));
      expect(res.statusCode).toBe(504);
      expect(ms).toBeLessThan(3_000);
      expect(res.json().message).toContain(`${FSI}SOCKS5 127.0.0.1:${port}${PDI}`);
      // GramJS did go to the proxy, and Telegram was never reached directly.
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await real.close();
    }
  });
});
