import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUsers, sessions } from '@chapar/db';
import { ROLE_PERMISSIONS } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, TEST_ADMIN, type TestApp } from '../../../testing/test-app.ts';
import { hashSessionId } from './service.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, remoteAddress: ip });

describe('admin login', () => {
  it('logs in with the stored (hashed) password and sets a hardened session cookie', async () => {
    const res = await login(TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; csrfToken: string; user: { username: string } };
    expect(body.success).toBe(true);
    expect(body.user.username).toBe('admin');
    expect(body.csrfToken.length).toBeGreaterThan(20);
    const cookie = res.cookies.find((c) => c.name === 'chapar_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // Only a hash of the id is stored.
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === hashSessionId(cookie!.value))).toBe(true);
    expect(rows.some((r) => r.idHash === cookie!.value)).toBe(false);
  });

  it('gives a new session id at every login', async () => {
    const a = await loginAsAdmin(t.app);
    const b = await loginAsAdmin(t.app);
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('refuses a wrong password with 401 and a Persian message', async () => {
    const res = await login({ username: 'admin', password: 'wrong' }, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'نام کاربری یا رمز عبور اشتباه است' });
  });

  it.each([
    [{}, 400], [{ username: '', password: 'x' }, 400], [{ username: 'admin' }, 400], [{ username: 5, password: [] }, 400],
  ])('rejects the body %j with %i', async (payload, status) => {
    const res = await login(payload, '10.0.0.3');
    expect(res.statusCode).toBe(status);
    expect((res.json() as { message: string }).message.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_json' });
  });
});

describe('admin status, logout, CSRF', () => {
  it('reports the session state', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/status' });
    expect(anon.json()).toEqual({ isAuthenticated: false, username: null, csrfToken: null, role: null, permissions: [], twoFactorSetupRequired: false, trashRetentionDays: t.config.trashRetentionDays });
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(res.json()).toEqual({
      isAuthenticated: true, username: 'admin', csrfToken, role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], twoFactorSetupRequired: false,
      trashRetentionDays: t.config.trashRetentionDays,
    });
  });

  it('refuses a state-changing request without the CSRF token, and logout deletes the session', async () => {
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, 'x-csrf-token': 'nope' } });
    expect(wrongToken.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(ok.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(after.json()).toMatchObject({ isAuthenticated: false });
  });

  it('expires idle sessions on the server', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    const sid = cookie.split('=')[1];
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - t.config.sessionIdleMs - 1000) });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/status', headers: { cookie } });
    expect(res.json()).toMatchObject({ isAuthenticated: false });
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === hashSessionId(sid))).toBe(false);
  });
});

describe('the /api/admin guard', () => {
  it('answers 401 without a session on every registered /api/admin route', async () => {
    const routes: Array<{ method: string; url: string }> = [];
    // printRoutes lists what the router holds; collect from the onRoute hook record instead.
    for (const r of t.adminRoutes()) routes.push(r);
    expect(routes.length).toBeGreaterThan(0);
    for (const { method, url } of routes) {
      const concrete = url.replace(/:([a-zA-Z]+)/g, (_m, name: string) => (name === 'source' ? 'chan' : '1')).replace('*', 'x');
      const res = await t.app.inject({ method: method as 'GET', url: concrete, payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
      // Login, its second step, status and the invitation's steps answer without a session.
      if (t.app.routeTable.some((r) => r.url === url && r.method === method && r.public)) continue;
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
  });
});

describe('password hashes of older parameters', () => {
  it('verifies an old-format hash and rewrites it with today\'s parameters at login', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const oldKey = scryptSync(TEST_ADMIN.password, salt, 64, { N: 16_384, r: 8, p: 1 });
    const oldHash = ['scrypt', 16384, 8, 1, salt.toString('base64url'), oldKey.toString('base64url')].join('$');
    await t.database.db.update(adminUsers).set({ passwordHash: oldHash }).where(eq(adminUsers.username, 'admin'));

    expect((await login(TEST_ADMIN, '10.0.9.1')).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'admin'));
    expect(user.passwordHash).not.toBe(oldHash);
    expect(user.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect((await login(TEST_ADMIN, '10.0.9.1')).statusCode).toBe(200);
  });
});
