import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../testing/test-app.ts';
import { createAdmin } from '../auth/service.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
type Ignored = { id: number; telegramId: number; reason: string; reviewedBy: string | null; shouldProcess: boolean; category: string | null; content: string };
const list = async () => (await t.get('/api/admin/ignored-posts')).json() as { posts: Ignored[]; stats: { total: number; reviewed: number; toProcess: number } };

beforeAll(async () => {
  t = await buildIngestTestApp();
  // Post 113 becomes an advertisement on the channel.
  t.server.edit(113, 'به‌روزرسانی: بانک مرکزی', 'تخفیف ویژه خرید آنلاین با کد تخفیف CHAPAR: بانک مرکزی');
});
afterAll(async () => { await t?.close(); });

describe('ignored posts', () => {
  it('records a sample from the channel\'s newest page through the real filters', async () => {
    const res = await t.post('/api/admin/ignored-posts/init-sample');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, checked: 13, recorded: 2, errors: [] });
    const { posts, stats } = await list();
    expect(posts.map((p) => [p.telegramId, p.reason]).sort()).toEqual([[108, 'too_short'], [113, 'advertisement']]);
    expect(posts.find((p) => p.telegramId === 113)?.category).toBe('Economy');
    expect(stats).toEqual({ total: 2, reviewed: 0, toProcess: 0 });
    // Nothing was published by a sample.
    expect((await t.database.raw.query('select id from articles')).rows).toEqual([]);
  });

  it('leaves the same posts out when the channel is checked, with their reason', async () => {
    await t.post('/api/admin/auto-monitor/force-check');
    const { posts } = await list();
    expect(posts.map((p) => p.telegramId).sort()).toEqual([108, 113]);
    expect((await t.database.raw.query('select id from articles where telegram_id in (108, 113)')).rows).toEqual([]);
  });

  it('keeps an admin\'s review, signed with the signed-in admin\'s username whatever name the body gives', async () => {
    const { posts } = await list();
    const ad = posts.find((p) => p.telegramId === 113)!;
    const res = await t.post(`/api/admin/ignored-posts/${ad.id}/review`, { shouldProcess: true, adminName: 'مدیر' });
    expect(res.json()).toMatchObject({ success: true, post: { reviewedBy: TEST_ADMIN.username, shouldProcess: true } });
    expect((await list()).stats).toEqual({ total: 2, reviewed: 1, toProcess: 1 });
    const missing = await t.post('/api/admin/ignored-posts/99999/review', { shouldProcess: false });
    expect(missing.statusCode).toBe(404);
    const bad = await t.post(`/api/admin/ignored-posts/${ad.id}/review`, { shouldProcess: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('names another admin as the reviewer when that admin reviews', async () => {
    await createAdmin(t.database.db, 'sara_editor', 'another-long-password');
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'sara_editor', password: 'another-long-password' } });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-csrf-token': (login.json() as { csrfToken: string }).csrfToken };
    const ad = (await list()).posts.find((p) => p.telegramId === 113)!;
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/ignored-posts/${ad.id}/review`, headers, payload: { shouldProcess: true, adminName: 'admin' } });
    expect(res.json()).toMatchObject({ success: true, post: { reviewedBy: 'sara_editor', shouldProcess: true } });
    expect((await list()).posts.find((p) => p.telegramId === 113)?.reviewedBy).toBe('sara_editor');
  });

  it('processes one anyway: past the filters into an article, off the list', async () => {
    const ad = (await list()).posts.find((p) => p.telegramId === 113)!;
    const res = await t.post(`/api/admin/ignored-posts/${ad.id}/process`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; articleId: number; operationId: number };
    expect(body.success).toBe(true);
    const row = (await t.database.raw.query<{ telegram_id: number; status: string }>('select telegram_id, status from articles where id = $1', [body.articleId])).rows[0];
    expect([Number(row.telegram_id), row.status]).toEqual([113, 'published']);
    expect((await list()).posts.map((p) => p.telegramId)).toEqual([108]);
    const op = (await t.get(`/api/admin/operations/${body.operationId}`)).json() as { name: string; status: string; progress: number };
    expect(op).toMatchObject({ name: 'process-ignored', status: 'success', progress: 100 });
  });

  it('says so when a post has nothing to make an article from', async () => {
    const round = (await list()).posts.find((p) => p.telegramId === 108)!;
    const res = await t.post(`/api/admin/ignored-posts/${round.id}/process`);
    // What was asked cannot be done: a 409, not a failing service's 503.
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toContain('متنی برای ساختن مقاله ندارد');
  });
});
