import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletedArticleList } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { makeReadOnly, makeWritable } from '../../../testing/read-only-dir.ts';
import type { Services } from '../../services.ts';
import { purgeExpired } from './trash.ts';

let t: IngestTestApp;
let s: Services;
const one = async <T>(text: string, params: unknown[] = []) => (await t.database.raw.query<T>(text, params)).rows[0];
const all = async <T>(text: string, params: unknown[] = []) => (await t.database.raw.query<T>(text, params)).rows;
const articleOf = (telegramId: number) => one<{ id: number; title: string }>('select id, title from articles where telegram_id = $1', [telegramId]);
const filesOf = (telegramId: number) => all<{ id: number; storage_key: string; article_id: number | null }>(
  'select id, storage_key, article_id from media_assets where storage_key like $1 order by id', [`tg/akhbar_rooz/${telegramId}/%`]);
const onDisk = (key: string) => existsSync(path.join(t.dataDir, 'media', key));
const trash = async () => (await t.get('/api/admin/deleted-articles')).json() as DeletedArticleList;
const restore = (articleIds: number[]) => t.post('/api/admin/deleted-articles/restore', { articleIds });
const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${id}`, headers: t.headers });
const purge = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/deleted-articles/${id}`, headers: t.headers });

beforeAll(async () => {
  t = await buildIngestTestApp();
  s = (t.app as unknown as { ingest: Services }).ingest;
  await t.post('/api/admin/auto-monitor/force-check');
});
afterAll(async () => { await t?.close(); });

describe('a deleted article is kept and can be restored', () => {
  let id: number;

  it('delete keeps the article, what hangs from it and its files; it leaves the site and its post is blocklisted', async () => {
    ({ id } = await articleOf(102));
    const files = await filesOf(102);
    expect(files.length).toBeGreaterThan(0);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers: t.headers, payload: { title: 'عنوانی که ویراستار نوشت' } });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.database.raw.query("insert into comments (article_id, author_name, content, is_approved) values ($1, 'مریم', 'نظر نخست', true)", [id]);
    await t.database.raw.query("insert into ratings (article_id, session_id, rating) values ($1, 'reader-1', 4)", [id]);
    await t.database.raw.query("insert into bookmarks (article_id, session_id) values ($1, 'reader-1')", [id]);
    const viewed = await t.app.inject({ method: 'POST', url: '/api/analytics/track', payload: { articleId: id, event: 'view', sessionId: 'reader-1' } });
    expect(viewed.json()).toMatchObject({ recorded: true });
    // A comment a moderator deleted earlier: kept among the deleted comments.
    const { rows: [removed] } = await t.database.raw.query<{ id: number }>("insert into comments (article_id, author_name, content) values ($1, 'نیما', 'نظر حذف‌شده') returning id", [id]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${removed.id}`, headers: t.headers })).statusCode).toBe(200);

    expect((await del(id)).statusCode).toBe(200);
    expect(await articleOf(102)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${id}` })).statusCode).toBe(404);
    const list = await trash();
    expect(list).toMatchObject({ total: 1, page: 1, retentionDays: 30 });
    const [entry] = list.articles;
    expect(entry).toMatchObject({ id, title: 'عنوانی که ویراستار نوشت', source: 'akhbar_rooz', telegramId: 102, deletedBy: 'admin', comments: 1, files: files.length, remadeAs: null });
    // Why, beside the column that names who: not «حذف توسط admin» again (the blocklist's entry still says who: blocklist.test.ts).
    expect(entry.reason).toBe('حذف دستی');
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 86_400_000);
    // The files stay in the store, linked to no article, until a restore or the purge.
    for (const file of await filesOf(102)) {
      expect(file.article_id).toBeNull();
      expect(onDisk(file.storage_key)).toBe(true);
    }
    const processed = await t.post('/api/admin/process-post', { postId: 102 });
    expect(processed.json()).toMatchObject({ articleId: null });
  });

  it('restore brings it back under the same id, with comments, ratings, bookmarks, history and files, and takes its post off the blocklist', async () => {
    const res = await restore([id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '۱ مقاله بازگردانده شد', restored: [id], skipped: [] });
    expect(await articleOf(102)).toEqual({ id, title: 'عنوانی که ویراستار نوشت' });
    const page = await t.app.inject({ method: 'GET', url: `/api/articles/${id}` });
    expect(page.statusCode).toBe(200);
    expect(await one('select count(*)::int as n from comments where article_id = $1', [id])).toEqual({ n: 1 });
    expect(await one('select rating from ratings where article_id = $1', [id])).toEqual({ rating: 4 });
    expect(await one('select count(*)::int as n from bookmarks where article_id = $1', [id])).toEqual({ n: 1 });
    // Its readers' events came through the delete: the article's analytics are as they were.
    expect(await one("select count(*)::int as n from analytics_events where article_id = $1 and event = 'view'", [id])).toEqual({ n: 1 });
    // The comment deleted before the article is still among the deleted comments, and restorable.
    const deletedComments = (await t.get('/api/admin/comments/deleted')).json() as { comments: Array<{ articleId: number; content: string }> };
    expect(deletedComments.comments.filter((c) => c.articleId === id).map((c) => c.content)).toEqual(['نظر حذف‌شده']);
    const versions = (await t.get(`/api/admin/articles/${id}/versions`)).json() as { versions: Array<{ changedFields: string[] }> };
    expect(versions.versions.map((v) => v.changedFields)).toContainEqual(['title']);
    for (const file of await filesOf(102)) expect(file.article_id).toBe(id);
    expect(await one('select search_vector is not null as indexed, card_minutes > 0 as counted from articles where id = $1', [id])).toEqual({ indexed: true, counted: true });
    expect(await one('select state, article_id from telegram_posts where telegram_id = 102')).toEqual({ state: 'published', article_id: id });
    const blocked = (await t.get('/api/admin/blocked-posts')).json() as { posts: Array<{ telegramId: number }> };
    expect(blocked.posts.map((p) => p.telegramId)).not.toContain(102);
    expect((await trash()).total).toBe(0);
    // A second restore finds nothing to bring back.
    expect((await restore([id])).statusCode).toBe(404);
  });

  it('an article already pushed as breaking news is not pushed to readers again once restored', async () => {
    const breaking = () => t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/breaking`, headers: t.headers });
    expect((await breaking()).statusCode).toBe(202);
    expect((await del(id)).statusCode).toBe(200);
    expect((await restore([id])).statusCode).toBe(200);
    const again = await breaking();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('این مقاله پیش‌تر خبر فوری شده است');
    expect(await one('select count(*)::int as n from push_alerts where article_id = $1', [id])).toEqual({ n: 1 });
  });

  it('an article whose post was made again meanwhile is not restored twice; removing it for good leaves the new one its files', async () => {
    await del(id);
    const unblocked = await t.app.inject({ method: 'DELETE', url: '/api/admin/blocked-posts/102/akhbar_rooz', headers: t.headers });
    expect(unblocked.statusCode).toBe(200);
    for (let i = 0; i < 100 && !(await articleOf(102)); i++) await new Promise((r) => setTimeout(r, 50));
    const remade = await articleOf(102);
    expect(remade.id).not.toBe(id);
    expect((await trash()).articles[0]).toMatchObject({ id, remadeAs: remade.id });

    const refused = await restore([id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('دوباره به مقاله تبدیل شده است');
    const none = await restore([id, 987_654]);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ success: false, message: 'هیچ مقاله‌ای بازگردانده نشد', restored: [] });
    expect(none.json().skipped.map((x: { articleId: number }) => x.articleId)).toEqual([id, 987_654]);
    expect(await all('select id from articles where telegram_id = 102')).toEqual([{ id: remade.id }]);

    const files = await filesOf(102);
    expect(files.every((f) => f.article_id === remade.id)).toBe(true);
    expect(await one('select count(*)::int as n from analytics_events where article_id = $1', [id])).toEqual({ n: 1 });
    expect((await purge(id)).json()).toEqual({ success: true, message: 'مقاله برای همیشه حذف شد' });
    expect((await trash()).total).toBe(0);
    // Removed for good: its readers' events go with it.
    expect(await one('select count(*)::int as n from analytics_events where article_id = $1', [id])).toEqual({ n: 0 });
    for (const file of files) expect(onDisk(file.storage_key)).toBe(true);
    expect((await purge(id)).statusCode).toBe(404);
  });
});

describe('the purge', () => {
  it('removes entries past the retention with their files; one the store refuses stays for the next run', async () => {
    // Two photo posts (102's article was made again above), in the order the purge visits them.
    const [first, second] = [{ post: 103, ...await articleOf(103) }, { post: 102, ...await articleOf(102) }].sort((a, b) => a.id - b.id);
    // The first has a podcast: its file goes with it too.
    const podcast = await s.media.storage.put(`podcasts/${first.id}-test.mp3`, Buffer.from('mp3 bytes'), 'audio/mpeg');
    await t.database.raw.query('update articles set podcast_url = $1 where id = $2', [podcast.url, first.id]);
    await t.post('/api/admin/articles/bulk', { action: 'delete', articleIds: [first.id, second.id] });
    // Neither is past the retention yet.
    expect(await purgeExpired(s, new Date(Date.now() - 86_400_000))).toEqual({ purged: 0, left: 0 });
    expect(await s.media.storage.exists(`podcasts/${first.id}-test.mp3`)).toBe(true);
    const [firstFiles, secondFiles] = [await filesOf(first.post), await filesOf(second.post)];
    expect(firstFiles.length).toBeGreaterThan(0);
    expect(secondFiles.length).toBeGreaterThan(0);
    const folder = path.join(t.dataDir, 'media/tg/akhbar_rooz', String(second.post));
    await makeReadOnly(folder);
    try {
      expect(await purgeExpired(s, new Date(Date.now() + 86_400_000))).toEqual({ purged: 1, left: 1 });
    } finally {
      await makeWritable(folder);
    }
    expect(await filesOf(first.post)).toEqual([]);
    for (const file of firstFiles) expect(onDisk(file.storage_key)).toBe(false);
    expect(await s.media.storage.exists(`podcasts/${first.id}-test.mp3`)).toBe(false);
    // The refused one is still listed and restorable, its files in place.
    expect((await trash()).articles.map((a) => a.id)).toEqual([second.id]);
    for (const file of secondFiles) expect(onDisk(file.storage_key)).toBe(true);
    expect((await restore([first.id])).statusCode).toBe(404);

    expect(await purgeExpired(s, new Date(Date.now() + 86_400_000))).toEqual({ purged: 1, left: 0 });
    for (const file of secondFiles) expect(onDisk(file.storage_key)).toBe(false);
    expect((await trash()).total).toBe(0);
    // Their posts stay blocklisted, as a delete left them before deleted articles were kept.
    const blocked = (await t.get('/api/admin/blocked-posts')).json() as { posts: Array<{ telegramId: number }> };
    expect(blocked.posts.map((p) => p.telegramId)).toEqual(expect.arrayContaining([first.post, second.post]));
  });

  it('restores a selection in one request: what can come back does, the rest is listed with why', async () => {
    const ids = [(await articleOf(96)).id, (await articleOf(97)).id];
    await t.post('/api/admin/articles/bulk', { action: 'delete', articleIds: ids });
    const res = await restore([...ids, 424_242]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true, message: '۲ مقاله بازگردانده شد؛ ۱ مقاله بازگردانده نشد', restored: ids,
      skipped: [{ articleId: 424_242, reason: 'این مقاله در فهرست مقاله‌های حذف‌شده نیست' }],
    });
    expect(await all('select telegram_id::int from articles where id = any($1::int[]) order by telegram_id', [ids])).toEqual([{ telegram_id: 96 }, { telegram_id: 97 }]);
    expect(await all('select state from telegram_posts where telegram_id in (96, 97) order by telegram_id')).toEqual([{ state: 'published' }, { state: 'published' }]);
    expect((await trash()).total).toBe(0);
  });

  it('removing an article for good keeps a picture another article shows: the file goes to that article', async () => {
    const [giver, taker] = [await articleOf(97), await articleOf(96)];
    const [file] = (await filesOf(97)).filter((f) => f.article_id === giver.id);
    expect(file).toBeDefined();
    const { image_url: imageUrl } = await one<{ image_url: string }>('select image_url from articles where id = $1', [giver.id]);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${taker.id}`, headers: t.headers, payload: { imageUrl } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await del(giver.id)).statusCode).toBe(200);
    expect((await purge(giver.id)).json()).toEqual({ success: true, message: 'مقاله برای همیشه حذف شد' });
    expect(onDisk(file.storage_key)).toBe(true);
    expect(await one('select article_id from media_assets where storage_key = $1', [file.storage_key])).toEqual({ article_id: taker.id });
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
  });

  it('a picture only a deleted article still shows is kept for its restore when its own article is removed for good', async () => {
    const holder = await articleOf(96);
    const [file] = (await all<{ storage_key: string; url: string }>('select storage_key, url from media_assets where article_id = $1', [holder.id]))
      .filter((f) => f.storage_key.startsWith('tg/akhbar_rooz/97/'));
    expect(file).toBeDefined();
    const shower = await articleOf(98);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${shower.id}`, headers: t.headers, payload: { imageUrl: file.url } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await del(shower.id)).statusCode).toBe(200);
    // Post 96 is not that picture's post, so its article's removal would otherwise take the file.
    await t.database.raw.query("update articles set image_url = null, content = '<p>بی‌تصویر</p>' where id = $1", [holder.id]);
    expect((await del(holder.id)).statusCode).toBe(200);
    expect((await purge(holder.id)).statusCode).toBe(200);
    expect(onDisk(file.storage_key)).toBe(true);
    const aside = await one<{ article_id: number | null; set_aside: boolean }>('select article_id, replaced_at is not null as set_aside from media_assets where storage_key = $1', [file.storage_key]);
    expect(aside).toEqual({ article_id: null, set_aside: true });

    expect((await restore([shower.id])).statusCode).toBe(200);
    expect(await one('select article_id, replaced_at from media_assets where storage_key = $1', [file.storage_key])).toEqual({ article_id: shower.id, replaced_at: null });
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  it('bad input is a Persian 4xx and changes nothing', async () => {
    const empty = await restore([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('هیچ مقاله‌ای انتخاب نشده است');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/deleted-articles/abc', headers: t.headers })).statusCode).toBe(400);
    expect((await t.get('/api/admin/deleted-articles?limit=0')).statusCode).toBe(400);
  });
});
