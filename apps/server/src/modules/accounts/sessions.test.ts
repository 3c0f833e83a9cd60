import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, type SessionInfo } from '@chapar/shared/contracts';
import { buildTestApp, loginAsRole, ROLE_PASSWORD, type TestApp } from '../../../testing/test-app.ts';
import { MAX_RECHECK_FAILURES } from '../auth/login-limits.ts';
import { describeDevice } from './sessions.ts';

// These tests are about sessions and re-checks, not hashing cost (password.test.ts, auth.test.ts): each password check costs milliseconds.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

type Session = { cookie: string; csrfToken: string };
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0';

const call = (who: Session | null, method: string, url: string, payload?: object, ip = '127.0.0.1') =>
  t.app.inject({ method: method as 'GET', url, remoteAddress: ip, headers: who ? { cookie: who.cookie, [CSRF_HEADER]: who.csrfToken } : {}, ...(payload ? { payload } : {}) });

async function signIn(username: string, password: string, userAgent: string, ip: string): Promise<Session> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, headers: { 'user-agent': userAgent }, payload: { username, password } });
  expect(res.statusCode).toBe(200);
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrfToken: (res.json() as { csrfToken: string }).csrfToken };
}

const alive = async (session: Session) => ((await call(session, 'GET', '/api/admin/status')).json() as { isAuthenticated: boolean }).isAuthenticated;

describe('sessions', () => {
  it('names a device in words', () => {
    expect(describeDevice(ANDROID_CHROME)).toBe('کروم روی اندروید');
    expect(describeDevice(MAC_FIREFOX)).toBe('فایرفاکس روی مک');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('اج روی ویندوز');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1')).toBe('سافاری روی آی‌اواس');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('کروم روی لینوکس');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36')).toBe('سامسونگ اینترنت روی اندروید');
    expect(describeDevice('curl/8.5.0')).toBe('کرل');
    expect(describeDevice(undefined)).toBe('دستگاه ناشناس');
  });

  it('shows a user their sessions (device, address, last seen) and ends one of them', async () => {
    await loginAsRole(t, 'editor');
    const phone = await signIn('editor-user', ROLE_PASSWORD, ANDROID_CHROME, '10.1.0.1');
    const laptop = await signIn('editor-user', ROLE_PASSWORD, MAC_FIREFOX, '10.1.0.2');
    const list = (await call(laptop, 'GET', '/api/admin/account/sessions')).json() as { sessions: SessionInfo[] };
    const phoneRow = list.sessions.find((s) => s.device === 'کروم روی اندروید')!;
    expect(phoneRow).toMatchObject({ ip: '10.1.0.1', current: false, username: 'editor-user' });
    expect(list.sessions.find((s) => s.current)).toMatchObject({ device: 'فایرفاکس روی مک', ip: '10.1.0.2' });
    expect(new Date(phoneRow.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The id shown is not the cookie's.
    expect(phone.cookie).not.toContain(phoneRow.id);

    const end = await call(laptop, 'DELETE', `/api/admin/account/sessions/${phoneRow.id}`);
    expect(end.statusCode).toBe(200);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
  });

  it('never lets a user end someone else\'s session, and lets the owner end anyone\'s', async () => {
    const viewer = await loginAsRole(t, 'viewer');
    const editor = await signIn('editor-user', ROLE_PASSWORD, ANDROID_CHROME, '10.2.0.1');
    const owner = await loginAsRole(t, 'owner');
    const all = (await call(owner, 'GET', '/api/admin/sessions')).json() as { sessions: SessionInfo[] };
    const editorRow = all.sessions.find((s) => s.username === 'editor-user' && s.ip === '10.2.0.1')!;
    expect(all.sessions.some((s) => s.username === 'viewer-user')).toBe(true);

    const stranger = await call(viewer, 'DELETE', `/api/admin/account/sessions/${editorRow.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(await alive(editor)).toBe(true);
    expect((await call(viewer, 'DELETE', `/api/admin/sessions/${editorRow.id}`)).statusCode).toBe(403);

    expect((await call(owner, 'DELETE', `/api/admin/sessions/${editorRow.id}`)).statusCode).toBe(200);
    expect(await alive(editor)).toBe(false);
    expect((await call(owner, 'DELETE', `/api/admin/sessions/${editorRow.id}`)).statusCode).toBe(404);
  });

  it('ends the user\'s other sessions when the password changes, keeping this one', async () => {
    const here = await signIn('editor-user', ROLE_PASSWORD, MAC_FIREFOX, '10.3.0.1');
    const there = await signIn('editor-user', ROLE_PASSWORD, ANDROID_CHROME, '10.3.0.2');
    const res = await call(here, 'POST', '/api/admin/account/password', { currentPassword: ROLE_PASSWORD, newPassword: 'a-brand-new-password' }, '10.3.0.1');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { endedSessions: number }).endedSessions).toBeGreaterThanOrEqual(1);
    expect(await alive(here)).toBe(true);
    expect(await alive(there)).toBe(false);
    expect((await call(null, 'POST', '/api/admin/login', { username: 'editor-user', password: ROLE_PASSWORD }, '10.3.0.3')).statusCode).toBe(401);
    await signIn('editor-user', 'a-brand-new-password', MAC_FIREFOX, '10.3.0.4');
    await call(here, 'POST', '/api/admin/account/password', { currentPassword: 'a-brand-new-password', newPassword: ROLE_PASSWORD }, '10.3.0.1');
  });

  it('limits wrong current passwords per user, so a stolen session cannot guess it, without locking the login form', async () => {
    const session = await signIn('viewer-user', ROLE_PASSWORD, MAC_FIREFOX, '10.4.0.1');
    const recheck = (who: Session, currentPassword: string) =>
      call(who, 'POST', '/api/admin/account/password', { currentPassword, newPassword: 'whatever-long-password' }, '10.4.0.1');
    const answers: number[] = [];
    for (let i = 0; i <= MAX_RECHECK_FAILURES; i++) answers.push((await recheck(session, `guess-${i}`)).statusCode);
    expect(answers).toEqual([...Array(MAX_RECHECK_FAILURES).fill(400), 429]);
    const right = await recheck(session, ROLE_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/^رمز عبور کنونی چند بار نادرست وارد شد\. لطفاً [۰-۹]+ دقیقه دیگر دوباره تلاش کنید\.$/) });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The login form is not locked: the same user signs in from the same address.
    await signIn('viewer-user', ROLE_PASSWORD, MAC_FIREFOX, '10.4.0.1');
    // The limit is the user's, from every session: a fresh one is refused as well.
    const fresh = await signIn('viewer-user', ROLE_PASSWORD, ANDROID_CHROME, '10.4.0.2');
    expect((await recheck(fresh, ROLE_PASSWORD)).statusCode).toBe(429);
    // And another user's re-checks are their own.
    const editor = await signIn('editor-user', ROLE_PASSWORD, MAC_FIREFOX, '10.4.0.1');
    expect((await recheck(editor, 'wrong-guess')).statusCode).toBe(400);
    // About ten real password checks at a low CPU priority: 9 s beside the other PGlite suites,
    // 21 s and then over 30 s beside the browser suites in CI.
  }, 120_000);

  it('ends every other session of the user at once', async () => {
    const a = await signIn('viewer-user', ROLE_PASSWORD, MAC_FIREFOX, '10.5.0.1');
    const b = await signIn('viewer-user', ROLE_PASSWORD, ANDROID_CHROME, '10.5.0.2');
    const res = await call(a, 'POST', '/api/admin/account/sessions/end-others');
    expect((res.json() as { ended: number }).ended).toBeGreaterThanOrEqual(1);
    expect(await alive(a)).toBe(true);
    expect(await alive(b)).toBe(false);
  });
});
