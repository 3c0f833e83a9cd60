import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ltr } from '@chapar/shared/text';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; status: string }>('select id, status from articles where telegram_id = $1', [telegramId])).rows[0];

beforeAll(async () => {
  t = await buildIngestTestApp();
  await t.post('/api/admin/auto-monitor/force-check');
});
afterAll(async () => { await t?.close(); });

describe('deleting an article from Telegram', () => {
  it('blocklists its post, so no check or processing brings it back', async () => {
    const { id } = await articleOf(116);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${id}`, headers: t.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true, blocked: true });
    expect(await articleOf(116)).toBeUndefined();

    const list = (await t.get('/api/admin/blocked-posts')).json() as { posts: Array<Record<string, unknown>>; count: number };
    expect(list.count).toBe(1);
    expect(list.posts[0]).toMatchObject({ telegramId: 116, source: 'akhbar_rooz', allowRegeneration: false, reason: `حذف توسط ${ltr('admin')}` });
    expect(String(list.posts[0].title)).toContain('تیم ملی فوتبال');

    // An edit makes the check run the pipeline for it again: still blocked.
    t.server.edit(116, 'فینال روز جمعه', 'فینال روز شنبه');
    await t.post('/api/admin/auto-monitor/force-check');
    expect(await articleOf(116)).toBeUndefined();
    const processed = await t.post('/api/admin/process-post', { postId: 116 });
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toMatchObject({ articleId: null, detailedReport: { processed: [{ status: 'skipped', reason: 'در فهرست مسدود است' }] } });
    expect(await articleOf(116)).toBeUndefined();
  });

  it('allows regeneration when asked, and then processing makes the article again', async () => {
    const allow = await t.post('/api/admin/blocked-posts/116/akhbar_rooz/allow-regeneration');
    expect(allow.json()).toMatchObject({ success: true, post: { allowRegeneration: true } });
    const processed = await t.post('/api/admin/process-post', { postId: 116 });
    expect((processed.json() as { articleId: number }).articleId).toBeGreaterThan(0);
    expect((await articleOf(116)).status).toBe('published');
  });

  it('deleting the entry queues the post to be made again automatically', async () => {
    const { id } = await articleOf(113);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${id}`, headers: t.headers });
    expect(await articleOf(113)).toBeUndefined();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/blocked-posts/113/akhbar_rooz', headers: t.headers });
    expect(res.json()).toMatchObject({ success: true });
    for (let i = 0; i < 50 && !(await articleOf(113)); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await articleOf(113))?.status).toBe('published');
    const again = await t.app.inject({ method: 'DELETE', url: '/api/admin/blocked-posts/113/akhbar_rooz', headers: t.headers });
    expect(again.statusCode).toBe(404);
  });

  it('bulk delete blocklists every Telegram article it removes', async () => {
    const ids = [(await articleOf(96)).id, (await articleOf(97)).id];
    const res = await t.post('/api/admin/articles/bulk', { action: 'delete', articleIds: ids });
    expect(res.json()).toEqual({ success: true, message: '۲ مقاله حذف شد؛ تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است', changedIds: ids });
    const list = (await t.get('/api/admin/blocked-posts')).json() as { posts: Array<{ telegramId: number }>; stats: object };
    // 113 left the blocklist above; 116 stays on it, allowed.
    expect(list.posts.map((p) => p.telegramId).sort((a, b) => a - b)).toEqual([96, 97, 116]);
    expect(list.stats).toEqual({ total: 3, allowed: 1, blocked: 2 });
  });
});

describe('deleting articles keeps their files for a restore', () => {
  const files = async (telegramId: number) => (await t.database.raw.query<{ storage_key: string; article_id: number | null }>(
    'select storage_key, article_id from media_assets where storage_key like $1', [`tg/akhbar_rooz/${telegramId}/%`])).rows;

  it('bulk: every article goes and is blocklisted; its files stay in the store, linked to no article, until the purge', async () => {
    const ids = [(await articleOf(102)).id, (await articleOf(103)).id];
    expect((await files(102)).length).toBeGreaterThan(0);
    expect((await files(103)).length).toBeGreaterThan(0);
    const res = await t.post('/api/admin/articles/bulk', { action: 'delete', articleIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(await articleOf(102)).toBeUndefined();
    expect(await articleOf(103)).toBeUndefined();
    const blocked = (await t.get('/api/admin/blocked-posts')).json() as { posts: Array<{ telegramId: number }> };
    expect(blocked.posts.map((p) => p.telegramId)).toEqual(expect.arrayContaining([102, 103]));
    for (const row of [...await files(102), ...await files(103)]) {
      expect(row.article_id).toBeNull();
      expect(existsSync(path.join(t.dataDir, 'media', row.storage_key))).toBe(true);
    }
    const kept = (await t.get('/api/admin/deleted-articles')).json() as { articles: Array<{ id: number; files: number }> };
    expect(kept.articles.filter((a) => ids.includes(a.id)).map((a) => a.files).every((n) => n > 0)).toBe(true);
  });
});
