// Every admin route with every role: the route table the security walk uses, each route's
// declared permission and the permission table decide; the guard lets the allowed through and
// refuses the others with 403 and a Persian message, before any handler runs.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articles, comments } from '@chapar/db';
import { CSRF_HEADER, forbiddenMessage, PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleCan, type Role } from '@chapar/shared/contracts';
import type { RouteRecord } from '../app.ts';
import { installSchemaProbe, PARAM, type RouteSchema } from '../../testing/route-walk.ts';
import { buildTestApp, loginAsRole, type TestApp } from '../../testing/test-app.ts';
import { createArticle, createComment } from '../../testing/factories.ts';

let t: TestApp;
const logins = new Map<Role, { cookie: string; csrfToken: string }>();

beforeAll(async () => {
  const schemas = new Map<string, RouteSchema>();
  t = await buildTestApp({ config: { adminJobWaitMs: 50 }, beforeReady: (app) => installSchemaProbe(app, schemas) });
  for (const role of ROLES) logins.set(role, await loginAsRole(t, role));
});
afterAll(async () => { await t?.close(); });

const guarded = (): RouteRecord[] =>
  t.app.routeTable.filter((r) => (r.url.startsWith('/api/admin') || r.admin) && !r.public && r.method !== 'HEAD');
const concrete = (url: string) => url.replace(PARAM, (m, name: string) => (m === '*' ? 'x' : name === 'source' ? 'chan' : name === 'id' && url.includes('sessions') ? '00000000-0000-4000-8000-000000000000' : '1'));

function send(role: Role, method: string, url: string, extra: { probe?: boolean; payload?: object } = {}) {
  const { cookie, csrfToken } = logins.get(role)!;
  return t.app.inject({
    method: method as 'GET', url,
    headers: { cookie, [CSRF_HEADER]: csrfToken, ...(extra.probe ? { 'x-schema-probe': '1' } : {}) },
    ...(extra.payload ? { payload: extra.payload } : {}),
  });
}

describe('the permission table', () => {
  it('gives the owner everything and each other role only its part', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    expect([...ROLE_PERMISSIONS.moderator].sort()).toEqual(['comments', 'self']);
    expect([...ROLE_PERMISSIONS.viewer].sort()).toEqual(['self', 'view']);
    expect(ROLE_PERMISSIONS.editor).not.toContain('accounts');
    expect(ROLE_PERMISSIONS.editor).not.toContain('settings');
  });

  it('is the same in docs/accounts.md as in code', () => {
    const doc = readFileSync(new URL('../../../../docs/accounts.md', import.meta.url), 'utf8');
    const rows = doc.split('\n').filter((line) => /^\| `\w+` \|/.test(line));
    const table = Object.fromEntries(rows.map((line) => {
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      const permission = cells[0].replaceAll('`', '');
      return [permission, ROLES.filter((_role, i) => cells[2 + i] === '✓')];
    }));
    expect(Object.keys(table)).toEqual([...PERMISSIONS]);
    for (const permission of PERMISSIONS) expect(table[permission], permission).toEqual(ROLES.filter((role) => roleCan(role, permission)));
  });

  it('has every guarded admin route declare its permission, and only the sign-in steps are open', () => {
    const undeclared = guarded().filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(guarded().length).toBeGreaterThan(100);
    const open = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin') && r.public && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`).sort();
    expect(open).toEqual([
      'GET /api/admin/status', 'POST /api/admin/invitation', 'POST /api/admin/invitation/accept', 'POST /api/admin/login', 'POST /api/admin/login/two-factor',
    ]);
  });
});

describe('every admin route with every role', () => {
  it.each(ROLES)('lets %s through exactly where its permissions allow, and refuses the rest with 403 in Persian', async (role) => {
    const wrong: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const route of guarded()) {
      const res = await send(role, route.method, concrete(route.url), { probe: true });
      const may = roleCan(role, route.permission!);
      if (may) {
        allowed++;
        // The probe answers 204 once the guard has let the request through.
        if (res.statusCode !== 204) wrong.push(`${route.method} ${route.url}: ${res.statusCode}, expected to pass`);
      } else {
        refused++;
        const body = res.json() as { error: string; message: string };
        if (res.statusCode !== 403 || body.error !== 'forbidden' || body.message !== forbiddenMessage(role)) {
          wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}, expected 403`);
        }
      }
    }
    expect(wrong).toEqual([]);
    if (role === 'owner') expect(refused).toBe(0);
    else expect(refused).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  });

  it.each(ROLES)('answers every read %s may make with the handler\'s own answer', async (role) => {
    const wrong: string[] = [];
    for (const route of guarded().filter((r) => r.method === 'GET' && roleCan(role, r.permission!))) {
      const res = await send(role, 'GET', concrete(route.url));
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('what each role does', () => {
  it('an editor edits an article; a viewer and a moderator cannot, and the article stays as it was', async () => {
    const article = await createArticle(t.database, { title: 'عنوان پیش از ویرایش' });
    const viewer = await send('viewer', 'PATCH', `/api/admin/articles/${article.id}`, { payload: { title: 'عنوان بیننده' } });
    const moderator = await send('moderator', 'PATCH', `/api/admin/articles/${article.id}`, { payload: { title: 'عنوان ناظر' } });
    expect([viewer.statusCode, moderator.statusCode]).toEqual([403, 403]);
    const [unchanged] = await t.database.db.select({ title: articles.title }).from(articles).where(eq(articles.id, article.id));
    expect(unchanged.title).toBe('عنوان پیش از ویرایش');
    const editor = await send('editor', 'PATCH', `/api/admin/articles/${article.id}`, { payload: { title: 'عنوان ویراستار' } });
    expect(editor.statusCode).toBe(200);
    expect((editor.json() as { title: string }).title).toBe('عنوان ویراستار');
  });

  it('a moderator approves a comment but reads no article table; an editor cannot open accounts', async () => {
    const article = await createArticle(t.database);
    const comment = await createComment(t.database, { articleId: article.id, isApproved: false });
    const approve = await send('moderator', 'POST', `/api/admin/comments/${comment.id}/approve`);
    expect(approve.statusCode).toBe(200);
    const [row] = await t.database.db.select({ isApproved: comments.isApproved }).from(comments).where(eq(comments.id, comment.id));
    expect(row.isApproved).toBe(true);
    expect((await send('moderator', 'GET', '/api/admin/articles')).statusCode).toBe(403);
    const users = await send('editor', 'GET', '/api/admin/users');
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({ error: 'forbidden', message: 'نقش شما (ویراستار) اجازهٔ این کار را ندارد' });
    expect((await send('owner', 'GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it('tells each role its permissions in the status, for the screens to hide the rest', async () => {
    for (const role of ROLES) {
      const status = (await send(role, 'GET', '/api/admin/status')).json() as { role: string; permissions: string[] };
      expect(status).toMatchObject({ role, permissions: [...ROLE_PERMISSIONS[role]] });
    }
  });
});
