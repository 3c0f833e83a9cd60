import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminUsers, loginAttempts } from '@chapar/db';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { buildTestApp, loginAsRole, ROLE_PASSWORD, type TestApp } from '../../../testing/test-app.ts';
import { MAX_FAILURES_PER_IP_USER } from '../auth/login-limits.ts';
import { ACCOUNT_SELF_MESSAGES } from './account-service.ts';
import { createAdmin, resetTwoFactor } from '../auth/service.ts';

// These tests are about codes, challenges and their counts; each sends about ten passwords, and at today's cost a loaded CI core took over 30 s for one test (hashing at today's cost: password.test.ts, auth.test.ts).
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

type Session = { cookie: string; csrfToken: string };
const call = (who: Session | null, method: string, url: string, payload?: object, ip = '127.0.0.1') =>
  t.app.inject({ method: method as 'GET', url, remoteAddress: ip, headers: who ? { cookie: who.cookie, [CSRF_HEADER]: who.csrfToken } : {}, ...(payload ? { payload } : {}) });

const sessionOf = (res: Awaited<ReturnType<typeof call>>): Session => ({
  cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrfToken: (res.json() as { csrfToken: string }).csrfToken,
});

/**
 * A code for now's time step, or one `offsetSteps` away. Enrolment sends now's code, which the
 * server takes until the end of the next step (30 to 60 s, however slow its password check);
 * a sign-in after it sends the next step's, which is above the one enrolment used up.
 */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** Turns two-factor sign-in on for the session's account; returns the secret and recovery codes. */
async function enrol(session: Session, password = ROLE_PASSWORD): Promise<{ secret: string; codes: string[] }> {
  const setup = await call(session, 'POST', '/api/admin/account/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrDataUrl } = setup.json() as { secret: string; uri: string; qrDataUrl: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  expect(Buffer.from(qrDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
  const wrong = await call(session, 'POST', '/api/admin/account/two-factor/enable', { code: (Number(await codeAt(secret)) + 1).toString().padStart(6, '0').slice(-6), password });
  expect(wrong.statusCode).toBe(400);
  // A session alone cannot turn it on: without the password, or with a wrong one, nothing changes.
  const code = await codeAt(secret);
  const bare = await call(session, 'POST', '/api/admin/account/two-factor/enable', { code });
  expect(bare.statusCode).toBe(400);
  expect(bare.json().message).toBe('رمز عبور الزامی است');
  const guessed = await call(session, 'POST', '/api/admin/account/two-factor/enable', { code, password: 'not-the-password' });
  expect(guessed.statusCode).toBe(400);
  expect(guessed.json().message).toBe(ACCOUNT_SELF_MESSAGES.wrongPassword);
  expect((await call(session, 'GET', '/api/admin/account')).json().twoFactor.enabled).toBe(false);
  // Made again just before it is sent: the password checks above can outlast a 30 s step.
  const res = await call(session, 'POST', '/api/admin/account/two-factor/enable', { code: await codeAt(secret), password });
  expect(res.statusCode).toBe(200);
  return { secret, codes: (res.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function passwordStep(username: string, ip = '127.0.0.1'): Promise<string> {
  const res = await call(null, 'POST', '/api/admin/login', { username, password: ROLE_PASSWORD }, ip);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { success: boolean; twoFactorRequired: boolean; challenge: string };
  expect(body).toMatchObject({ success: false, twoFactorRequired: true });
  expect(res.cookies).toEqual([]);
  return body.challenge;
}

describe('two-factor sign-in', () => {
  it('enrols with a QR code, keeps the secret sealed, and asks for a code at the next sign-in', async () => {
    const session = await loginAsRole(t, 'editor');
    const { secret, codes } = await enrol(session);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'editor-user'));
    expect(JSON.stringify(row.totpSecret)).not.toContain(secret);
    const info = (await call(session, 'GET', '/api/admin/account')).json() as { twoFactor: { enabled: boolean; recoveryCodesLeft: number } };
    expect(info.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const challenge = await passwordStep('editor-user');
    const code = await codeAt(secret, 1);
    const ok = await call(null, 'POST', '/api/admin/login/two-factor', { challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { username: 'editor-user', role: 'editor' } });
    const status = (await call(sessionOf(ok), 'GET', '/api/admin/status')).json() as { isAuthenticated: boolean };
    expect(status.isAuthenticated).toBe(true);
    // The challenge is spent, and the same code is never accepted twice.
    expect((await call(null, 'POST', '/api/admin/login/two-factor', { challenge, code })).statusCode).toBe(401);
    const replay = await call(null, 'POST', '/api/admin/login/two-factor', { challenge: await passwordStep('editor-user'), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'unauthorized', message: 'کد ورود دومرحله‌ای درست نیست' });
  });

  it('accepts each recovery code once, in any spelling', async () => {
    const session = await loginAsRole(t, 'viewer');
    const { codes } = await enrol(session);
    const first = codes[0];
    const typed = ` ${first.toLowerCase().replace('-', ' ')} `;
    const ok = await call(null, 'POST', '/api/admin/login/two-factor', { challenge: await passwordStep('viewer-user'), code: typed });
    expect(ok.statusCode).toBe(200);
    const again = await call(null, 'POST', '/api/admin/login/two-factor', { challenge: await passwordStep('viewer-user'), code: first });
    expect(again.statusCode).toBe(401);
    const info = (await call(sessionOf(ok), 'GET', '/api/admin/account')).json() as { twoFactor: { recoveryCodesLeft: number } };
    expect(info.twoFactor.recoveryCodesLeft).toBe(9);
    // New codes (the password asked again) replace the old ones.
    const fresh = await call(sessionOf(ok), 'POST', '/api/admin/account/two-factor/recovery-codes', { password: ROLE_PASSWORD });
    const newCodes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect((await call(null, 'POST', '/api/admin/login/two-factor', { challenge: await passwordStep('viewer-user'), code: codes[1] })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/admin/login/two-factor', { challenge: await passwordStep('viewer-user'), code: newCodes[0] })).statusCode).toBe(200);
  });

  it('counts wrong codes like wrong passwords: per address and user, then 429 even for the right code', async () => {
    const session = await loginAsRole(t, 'moderator');
    const { secret } = await enrol(session);
    const ip = '10.77.0.1';
    const code = async (challenge: string, value: string, from = ip) => call(null, 'POST', '/api/admin/login/two-factor', { challenge, code: value }, from);
    // A password step that waits for its code counts until the code is right; each wrong code counts too.
    expect((await code(await passwordStep('moderator-user', ip), '000000')).statusCode).toBe(401);
    expect((await code(await passwordStep('moderator-user', ip), '000000')).statusCode).toBe(401);
    const challenge = await passwordStep('moderator-user', ip);
    const failures = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip));
    expect(failures.filter((f) => !f.succeeded)).toHaveLength(MAX_FAILURES_PER_IP_USER);
    const right = await code(challenge, await codeAt(secret));
    expect(right.statusCode).toBe(429);
    expect((right.json() as { message: string }).message).toContain('تلاش‌های ناموفق زیادی');
    // From another address the right code still works: the account's owner is not locked out.
    const elsewhere = await code(await passwordStep('moderator-user', '10.77.0.2'), await codeAt(secret, 1), '10.77.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives up a challenge after five codes', async () => {
    await createAdmin(t.database.db, 'challenged', ROLE_PASSWORD, 'viewer');
    const login = await call(null, 'POST', '/api/admin/login', { username: 'challenged', password: ROLE_PASSWORD });
    await enrol(sessionOf(login));
    const challenge = await passwordStep('challenged', '10.78.0.1');
    const messages: string[] = [];
    // Each try from its own address, so only the challenge's own count stops them.
    for (let i = 0; i < 7; i++) {
      const res = await call(null, 'POST', '/api/admin/login/two-factor', { challenge, code: '000000' }, `10.78.1.${i}`);
      expect(res.statusCode).toBe(401);
      messages.push((res.json() as { message: string }).message);
    }
    expect(messages.slice(0, 5)).toEqual(Array(5).fill('کد ورود دومرحله‌ای درست نیست'));
    expect(messages.slice(5)).toEqual(Array(2).fill('مهلت این ورود تمام شده است؛ دوباره نام کاربری و رمز عبور را وارد کنید'));
  });
});

describe('two-factor required of owners', () => {
  it('is turned on only by an owner who has it, then holds an owner without it to setting it up', async () => {
    const owner = await loginAsRole(t, 'owner');
    const refused = await call(owner, 'PATCH', '/api/admin/security', { requireOwnerTwoFactor: true });
    expect(refused.statusCode).toBe(409);
    const { secret } = await enrol(owner);
    expect((await call(owner, 'PATCH', '/api/admin/security', { requireOwnerTwoFactor: true })).statusCode).toBe(200);
    // The owner cannot turn their own second factor off while the rule holds.
    expect((await call(owner, 'POST', '/api/admin/account/two-factor/disable', { password: ROLE_PASSWORD })).statusCode).toBe(409);

    // The test admin is an owner without a second factor.
    const login = await call(null, 'POST', '/api/admin/login', { username: 'admin', password: 'correct-horse-battery' });
    expect(login.json()).toMatchObject({ success: true, twoFactorSetupRequired: true });
    const admin = sessionOf(login);
    const status = (await call(admin, 'GET', '/api/admin/status')).json() as { permissions: string[] };
    expect(status.permissions).toEqual(['self']);
    const blocked = await call(admin, 'GET', '/api/admin/articles');
    expect(blocked.statusCode).toBe(403);
    expect((blocked.json() as { message: string }).message).toBe('پیش از هر کاری، ورود دومرحله‌ای را برای حساب خود فعال کنید');
    await enrol(admin, 'correct-horse-battery');
    expect((await call(admin, 'GET', '/api/admin/articles')).statusCode).toBe(200);

    // Recovery from the command line: the lost authenticator is reset and its sessions end.
    await resetTwoFactor(t.database.db, 'owner-user');
    expect((await call(owner, 'GET', '/api/admin/status')).json()).toMatchObject({ isAuthenticated: false });
    expect(secret).toBeTruthy();
    await call(admin, 'PATCH', '/api/admin/security', { requireOwnerTwoFactor: false });
  });
});
