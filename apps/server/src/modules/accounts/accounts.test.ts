import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminUsers } from '@chapar/db';
import { CSRF_HEADER, type StaffUser } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, TEST_ADMIN, type TestApp } from '../../../testing/test-app.ts';
import { authRepo } from '../auth/repo.ts';
import type { InvitationMail } from './invitation-mail.ts';

// These tests are about accounts and invitations, not hashing cost (password.test.ts, auth.test.ts): each of their many password checks costs milliseconds.
vi.mock('../auth/password.ts', async (importOriginal) => (await import('../../../testing/cheap-passwords.ts')).cheapPasswords(await importOriginal()));

let t: TestApp;
let owner: { cookie: string; csrfToken: string };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await loginAsAdmin(t.app);
});
afterAll(async () => { await t?.close(); });

type Session = { cookie: string; csrfToken: string };
const call = (who: Session | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: who ? { cookie: who.cookie, [CSRF_HEADER]: who.csrfToken } : {}, ...(payload ? { payload } : {}) });

async function login(username: string, password: string): Promise<Session> {
  const res = await call(null, 'POST', '/api/admin/login', { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), csrfToken: (res.json() as { csrfToken: string }).csrfToken };
}

const PASSWORD = 'a-long-enough-password';

describe('staff accounts', () => {
  it('lets the owner create an editor with a password, who then signs in as an editor', async () => {
    const res = await call(owner, 'POST', '/api/admin/users', { username: 'maryam', password: PASSWORD, role: 'editor', name: 'مریم', email: 'maryam@example.com' });
    expect(res.statusCode).toBe(201);
    const { user, invitation } = res.json() as { user: StaffUser; invitation: unknown };
    expect(user).toMatchObject({ username: 'maryam', role: 'editor', status: 'active', name: 'مریم', twoFactor: false, invitedBy: 'admin' });
    expect(invitation).toBeNull();
    const session = await login('maryam', PASSWORD);
    const status = (await call(session, 'GET', '/api/admin/status')).json() as { role: string };
    expect(status.role).toBe('editor');
    const list = (await call(owner, 'GET', '/api/admin/users')).json() as { users: StaffUser[] };
    expect(list.users.map((u) => u.username)).toEqual(['admin', 'maryam']);
  });

  it.each([
    [{ username: 'x', password: PASSWORD, role: 'editor' }, 'نام کاربری باید'],
    [{ username: 'reza', password: 'short', role: 'editor' }, 'دست‌کم ۱۰ نویسه'],
    [{ username: 'reza', password: PASSWORD, invite: true, role: 'editor' }, 'نه هر دو'],
    [{ username: 'reza', role: 'editor' }, 'نه هر دو'],
    [{ username: 'reza', password: PASSWORD, role: 'admin' }, 'نقش باید'],
  ])('refuses %j with 400 and a Persian message, creating nothing', async (payload, text) => {
    const res = await call(owner, 'POST', '/api/admin/users', payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(text);
    expect(await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'reza'))).toEqual([]);
  });

  it('refuses a change with a misspelt field whole: 400 naming the field, and the account as it was', async () => {
    const [before] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'maryam'));
    const res = await call(owner, 'PATCH', `/api/admin/users/${before.id}`, { role: 'viewer', disabeld: true });
    expect(res.statusCode).toBe(400);
    const { message } = res.json() as { message: string };
    expect(message).toContain('فیلد ناشناخته دارد');
    expect(message).toContain('disabeld');
    const [after] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'maryam'));
    expect(after).toEqual(before);
  });

  it('refuses a username that exists with 409', async () => {
    const res = await call(owner, 'POST', '/api/admin/users', { username: 'maryam', password: PASSWORD, role: 'viewer' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'این نام کاربری از قبل وجود دارد' });
  });

  it('refuses with 409, not 500, a username another request created after this one looked for it', async () => {
    // The other request's row lands between the check and the insert: the unique key decides.
    const check = vi.spyOn(authRepo, 'findUserByUsername').mockResolvedValueOnce(undefined);
    try {
      const res = await call(owner, 'POST', '/api/admin/users', { username: 'maryam', role: 'viewer', invite: true });
      expect(res.json()).toEqual({ error: 'conflict', message: 'این نام کاربری از قبل وجود دارد' });
      expect(res.statusCode).toBe(409);
    } finally {
      check.mockRestore();
    }
    expect(await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'maryam'))).toHaveLength(1);
  });

  it('answers four requests creating one username at once with one 201 and three 409s', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(owner, 'POST', '/api/admin/users', { username: 'dupe_70462', role: 'viewer', invite: true })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('invitations', () => {
  it('makes a one-time link that sets the password once, and the invited editor signs in', async () => {
    const res = await call(owner, 'POST', '/api/admin/users', { username: 'sara', invite: true, role: 'editor', email: 'sara@example.com' });
    expect(res.statusCode).toBe(201);
    const { user, invitation } = res.json() as { user: StaffUser; invitation: { url: string; emailed: boolean; expiresAt: string } };
    expect(user.status).toBe('invited');
    // No mail service is configured here: the link is for the owner to pass on.
    expect(invitation.emailed).toBe(false);
    expect(invitation.url).toMatch(/^http:\/\/localhost:\d+\/admin\/invite#[\w-]{43}$/);
    const token = invitation.url.split('#')[1];
    // Only the link's hash is stored.
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'sara'));
    expect(row.inviteHash).not.toBe(token);
    expect(row.passwordHash).toBeNull();
    // An invited account cannot sign in before the link is used.
    expect((await call(null, 'POST', '/api/admin/login', { username: 'sara', password: PASSWORD })).statusCode).toBe(401);

    const lookup = await call(null, 'POST', '/api/admin/invitation', { token });
    expect(lookup.json()).toMatchObject({ username: 'sara', role: 'editor' });
    const accept = await call(null, 'POST', '/api/admin/invitation/accept', { token, password: PASSWORD });
    expect(accept.statusCode).toBe(200);
    const again = await call(null, 'POST', '/api/admin/invitation/accept', { token, password: 'another-long-password' });
    expect(again.statusCode).toBe(404);
    expect((again.json() as { message: string }).message).toContain('پیوند دعوت نامعتبر');
    await login('sara', PASSWORD);
  });

  it('refuses an expired link and gives a fresh one on request', async () => {
    const res = await call(owner, 'POST', '/api/admin/users', { username: 'nima', invite: true, role: 'viewer' });
    const { user, invitation } = res.json() as { user: StaffUser; invitation: { url: string } };
    await t.database.db.update(adminUsers).set({ inviteExpiresAt: new Date(Date.now() - 1000) }).where(eq(adminUsers.id, user.id));
    const old = invitation.url.split('#')[1];
    expect((await call(null, 'POST', '/api/admin/invitation', { token: old })).statusCode).toBe(404);
    const fresh = await call(owner, 'POST', `/api/admin/users/${user.id}/invitation`);
    expect(fresh.statusCode).toBe(200);
    const token = (fresh.json() as { invitation: { url: string } }).invitation.url.split('#')[1];
    expect(token).not.toBe(old);
    expect((await call(null, 'POST', '/api/admin/invitation', { token })).statusCode).toBe(200);
    // An account that already has its password gets no new link.
    const sara = (await call(owner, 'GET', '/api/admin/users')).json() as { users: StaffUser[] };
    const active = sara.users.find((u) => u.username === 'sara')!;
    expect((await call(owner, 'POST', `/api/admin/users/${active.id}/invitation`)).statusCode).toBe(409);
  });

  it('sends the link through the configured mailer, to the account\'s address', async () => {
    const sent: InvitationMail[] = [];
    const mailed = await buildTestApp({ mailer: { sendInvitation: async (mail) => void sent.push(mail) } });
    try {
      const session = await loginAsAdmin(mailed.app);
      const res = await mailed.app.inject({
        method: 'POST', url: '/api/admin/users', headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
        payload: { username: 'leila', invite: true, role: 'moderator', email: 'leila@example.com', name: 'لیلا' },
      });
      const { invitation } = res.json() as { invitation: { url: string; emailed: boolean } };
      expect(invitation.emailed).toBe(true);
      expect(sent).toEqual([expect.objectContaining({ to: 'leila@example.com', name: 'لیلا', username: 'leila', invitedBy: 'admin', role: 'ناظر نظرها', url: invitation.url })]);
    } finally {
      await mailed.close();
    }
  });
});

describe('staff names people see', () => {
  it('refuses a name of invisible or direction-control characters, keeps ZWNJ, and clears with an empty one', async () => {
    const created = await call(owner, 'POST', '/api/admin/users', { username: 'parisa', password: PASSWORD, role: 'viewer', name: 'پریسا' });
    const id = (created.json() as { user: StaffUser }).user.id;
    const self = await login('parisa', PASSWORD);
    const named = async () => (await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, id)))[0].name;
    for (const name of ['\u200b\u200b', '\u202e', '\u200c\u200d', '\u2066\u2069']) {
      for (const [who, url] of [[owner, `/api/admin/users/${id}`], [self, '/api/admin/account']] as const) {
        const res = await call(who, 'PATCH', url, { name });
        expect(res.statusCode, `${url} ${JSON.stringify(name)}`).toBe(400);
        expect(res.json()).toEqual({ error: 'validation_error', message: 'نام باید دست‌کم یک نویسهٔ دیدنی داشته باشد' });
      }
    }
    expect(await named()).toBe('پریسا');
    expect((await call(self, 'PATCH', '/api/admin/account', { name: '\u202eپری\u200cسا\u202c' })).statusCode).toBe(200);
    expect(await named()).toBe('پری\u200cسا');
    expect((await call(owner, 'PATCH', `/api/admin/users/${id}`, { name: '' })).statusCode).toBe(200);
    expect(await named()).toBeNull();
  });
});

describe('the last owner', () => {
  it('can never be demoted, disabled or deleted; with a second owner the first may step down', async () => {
    const adminId = (await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, TEST_ADMIN.username)))[0].id;
    const demote = await call(owner, 'PATCH', `/api/admin/users/${adminId}`, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect((demote.json() as { message: string }).message).toContain('آخرین مالک');

    const created = await call(owner, 'POST', '/api/admin/users', { username: 'owner2', password: PASSWORD, role: 'owner' });
    const second = (created.json() as { user: StaffUser }).user;
    const secondSession = await login('owner2', PASSWORD);
    // The two owners demote each other at once: one of them stays an owner.
    const [a, b] = await Promise.all([
      call(owner, 'PATCH', `/api/admin/users/${second.id}`, { role: 'viewer' }),
      call(secondSession, 'PATCH', `/api/admin/users/${adminId}`, { role: 'viewer' }),
    ]);
    // The loser is refused by the last-owner rule (409), or, when the winner's change landed
    // before its request was let in, by the guard: it is no owner any more (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const owners = await t.database.db.select().from(adminUsers).where(eq(adminUsers.role, 'owner'));
    expect(owners).toHaveLength(1);
    const remaining = owners[0];
    const remainingSession = remaining.id === adminId ? owner : secondSession;
    expect((await call(remainingSession, 'DELETE', `/api/admin/users/${remaining.id}`)).statusCode).toBe(409);
    // Put things back for the tests below: the admin is the owner again.
    if (remaining.id !== adminId) {
      await call(remainingSession, 'PATCH', `/api/admin/users/${adminId}`, { role: 'owner' });
      owner = await loginAsAdmin(t.app);
    }
  });

  it('disabling an account ends its sessions at once and stops its sign-in', async () => {
    await call(owner, 'POST', '/api/admin/users', { username: 'hamid', password: PASSWORD, role: 'viewer' });
    const hamid = await login('hamid', PASSWORD);
    const id = (await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'hamid')))[0].id;
    const res = await call(owner, 'PATCH', `/api/admin/users/${id}`, { disabled: true });
    expect((res.json() as { user: StaffUser }).user.status).toBe('disabled');
    expect((await call(hamid, 'GET', '/api/admin/status')).json()).toMatchObject({ isAuthenticated: false });
    const again = await call(null, 'POST', '/api/admin/login', { username: 'hamid', password: PASSWORD });
    expect(again.statusCode).toBe(403);
    expect((again.json() as { message: string }).message).toContain('غیرفعال');
    await call(owner, 'PATCH', `/api/admin/users/${id}`, { disabled: false });
    await login('hamid', PASSWORD);
  });

  it('keeps an owner from disabling or deleting their own account', async () => {
    const adminId = (await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, TEST_ADMIN.username)))[0].id;
    expect((await call(owner, 'PATCH', `/api/admin/users/${adminId}`, { disabled: true })).statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `/api/admin/users/${adminId}`)).statusCode).toBe(409);
  });
});
