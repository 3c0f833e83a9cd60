import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle, AdminArticlesResponse, ArticleVersion, ArticleVersionSummary } from '@chapar/shared/contracts';
import { categoryFaName, ltr } from '@chapar/shared/text';
import { buildTestApp, loginAsAdmin, TEST_ADMIN, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
const day = 86_400_000;
const base = Date.UTC(2026, 10, 1);
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
  // 25 articles a day apart; three with words and numbers the tests look for.
  for (let i = 0; i < 25; i++) {
    const row = await createArticle(t.database, {
      title: i === 3 ? 'افزایش قيمت نان در تهران' : `خبر شماره ${i} از رویدادهای روز`,
      content: i === 7 ? '<p>گزارش درباره <b>زلزله</b> در کرمان</p>' : `<p>متن خبر ${i}</p>`,
      excerpt: i === 9 ? 'خلاصه‌ای درباره انتخابات' : `خلاصه ${i}`,
      category: ['Politics', 'Economy', 'Sports'][i % 3],
      views: (i * 37) % 100,
      telegramId: i === 11 ? 987654 : null,
      source: i === 11 ? 'akhbar_rooz' : null,
      publishedAt: new Date(base + i * day),
    });
    ids[i] = row.id;
  }
  ids.hidden = (await createArticle(t.database, { title: 'پیش‌نویس کنار گذاشته', status: 'unpublished', publishedAt: new Date(base + 30 * day) })).id;
});
afterAll(async () => { await t?.close(); });

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminArticlesResponse;
};
const titles = (r: AdminArticlesResponse) => r.articles.map((a) => a.title);

describe('GET /api/admin/articles', () => {
  it('needs an admin session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/articles' })).statusCode).toBe(401);
  });

  it('pages 20 at a time, newest first, counting every article of any status', async () => {
    const first = await list('');
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 26, totalPages: 2, totalExact: true });
    expect(first.articles[0]).toMatchObject({ id: ids.hidden, isPublished: false, status: 'unpublished' });
    expect(first.articles[1].id).toBe(ids[24]);
    const second = await list('page=2');
    expect(second.articles.map((a) => a.id)).toEqual([5, 4, 3, 2, 1, 0].map((i) => ids[i]));
    expect((await list('page=3')).articles).toEqual([]);
  });

  it('filters by status', async () => {
    const unpublished = await list('status=unpublished');
    expect(unpublished.articles.map((a) => a.id)).toEqual([ids.hidden]);
    expect((await list('status=published')).pagination.total).toBe(25);
  });

  it('sorts by title, views and category, both ways, with a stable tie-break', async () => {
    const byViews = await list('sortBy=views&sortOrder=desc&status=published&limit=100');
    const views = byViews.articles.map((a) => a.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const viewsAsc = await list('sortBy=views&sortOrder=asc&status=published&limit=5');
    expect(viewsAsc.articles[0].views).toBe(0);
    const byTitle = await list('sortBy=title&sortOrder=asc&limit=100');
    const sorted = [...titles(byTitle)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(titles(byTitle)).toEqual(sorted);
    expect(titles(await list('sortBy=title&sortOrder=desc&limit=100'))).toEqual([...sorted].reverse());
    const byCategory = await list('sortBy=category&sortOrder=asc&status=published&limit=100');
    // Categories by their Persian names (اقتصاد، سیاست، ورزش), not the stored English ones.
    const categories = byCategory.articles.map((a) => a.category);
    const collator = new Intl.Collator('fa');
    expect(categories).toEqual([...categories].sort((a, b) => collator.compare(categoryFaName(a), categoryFaName(b))));
    // Newest first inside a category.
    const economy = byCategory.articles.filter((a) => a.category === 'Economy').map((a) => a.publishedAt);
    expect(economy).toEqual([...economy].sort().reverse());
    expect((await list('sortBy=category&sortOrder=desc&status=published&limit=1')).articles[0].category).toBe('Sports');
  });

  it('searches title (any spelling, part of a word), content, excerpt and Telegram id', async () => {
    // Arabic yeh in the stored title, Persian in the query: the normaliser makes them one.
    expect(titles(await list(`search=${encodeURIComponent('قیمت نان')}`))).toEqual(['افزایش قيمت نان در تهران']);
    expect(titles(await list(`search=${encodeURIComponent('تهرا')}`))).toEqual(['افزایش قيمت نان در تهران']);
    expect((await list(`search=${encodeURIComponent('زلزله')}`)).articles.map((a) => a.id)).toEqual([ids[7]]);
    expect((await list(`search=${encodeURIComponent('انتخابات')}`)).articles.map((a) => a.id)).toEqual([ids[9]]);
    const byTelegram = await list(`search=${encodeURIComponent('۹۸۷۶۵۴')}`);
    expect(byTelegram.articles).toHaveLength(1);
    expect(byTelegram.articles[0]).toMatchObject({
      id: ids[11], telegramId: 987654, source: 'akhbar_rooz', telegramUrl: 'https://t.me/akhbar_rooz/987654', isPublished: true, unpublishedReason: null,
    });
    const none = await list(`search=${encodeURIComponent('واژه‌ای-که-نیست')}`);
    expect(none).toEqual({ articles: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, totalExact: true } });
    expect((await list(`search=${encodeURIComponent("'&|!")}`)).pagination.total).toBe(0);
    expect((await list(`search=${encodeURIComponent('خبر شماره')}&limit=100`)).pagination.total).toBe(24);
    // Past the last page: no rows, the total still counted.
    expect(await list(`search=${encodeURIComponent('خبر شماره')}&page=5`)).toEqual({ articles: [], pagination: { page: 5, limit: 20, total: 24, totalPages: 2, totalExact: true } });
  });

  it('answers bad parameters with 400 and a Persian message', async () => {
    for (const query of ['sortBy=slug', 'sortOrder=up', 'page=0', 'limit=101', 'status=draft', `search=${'x'.repeat(201)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe('publish and unpublish', () => {
  it('takes an article down with a reason, shows it to the admin only, and publishes it again', async () => {
    const id = ids[20];
    const url = `/api/articles/${id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');
    const down = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/unpublish`, headers, payload: { reason: 'نیاز به بررسی حقوقی' } });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ success: true, message: 'مقاله از انتشار خارج شد', article: { id, isPublished: false, status: 'unpublished', unpublishedReason: 'نیاز به بررسی حقوقی' } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const one = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers })).json() as AdminArticle;
    expect(one).toMatchObject({ id, isPublished: false, unpublishedReason: 'نیاز به بررسی حقوقی', editedFields: ['status'] });
    expect(one.unpublishedAt).not.toBeNull();
    expect((await list('status=unpublished')).articles.map((a) => a.id)).toContain(id);

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/unpublish`, headers });
    expect(again.json()).toMatchObject({ success: true, message: 'مقاله از پیش از انتشار خارج شده است' });

    const up = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/publish`, headers });
    expect(up.json()).toMatchObject({ success: true, message: 'مقاله منتشر شد', article: { id, isPublished: true, unpublishedReason: null, unpublishedAt: null } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('records who took it down when no reason is given; needs the CSRF header; 404 for an unknown id', async () => {
    const id = ids[21];
    const down = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/unpublish`, headers, payload: {} });
    expect((down.json() as { article: { unpublishedReason: string } }).article.unpublishedReason).toBe(`از انتشار خارج شد توسط ${ltr(TEST_ADMIN.username)}`);
    const noCsrf = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/publish`, headers: { cookie: headers.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/articles/999999/publish', headers })).statusCode).toBe(404);
    const long = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/unpublish`, headers, payload: { reason: 'د'.repeat(501) } });
    expect(long.statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('keeps the previous state on every save, lists newest first, and restores (itself a save)', async () => {
    const id = ids[22];
    const original = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers })).json() as AdminArticle;
    const save = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${id}`, headers, payload });
    const first = await save({ title: 'عنوان ویرایش‌شده نخست', category: 'فرهنگ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ title: 'عنوان ویرایش‌شده نخست', category: 'Culture', editedFields: ['category', 'title'] });
    await save({ content: '<p>متن تازه</p>', title: 'عنوان ویرایش‌شده نخست' });
    // A save that changes nothing keeps no version.
    await save({ title: 'عنوان ویرایش‌شده نخست' });

    const versions = async () => ((await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/versions`, headers })).json() as { versions: ArticleVersionSummary[] }).versions;
    const history = await versions();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: 'edit', changedFields: ['content'], title: 'عنوان ویرایش‌شده نخست', savedBy: TEST_ADMIN.username, summary: `ویرایش (محتوا) توسط ${ltr(TEST_ADMIN.username)}` });
    expect(history[1]).toMatchObject({ action: 'edit', changedFields: ['title', 'category'], title: original.title, category: original.category });
    expect(Date.parse(history[1].savedAt)).toBeLessThanOrEqual(Date.parse(history[0].savedAt));

    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}/versions/${history[1].id}`, headers })).json() as ArticleVersion;
    expect(detail.fields).toMatchObject({ title: original.title, content: original.content, category: original.category });

    const publicUrl = `/api/articles/${id}`;
    await t.app.inject({ method: 'GET', url: publicUrl });
    expect((await t.app.inject({ method: 'GET', url: publicUrl })).headers['x-cache']).toBe('HIT');
    const restore = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/versions/${history[1].id}/restore`, headers });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json()).toMatchObject({ title: original.title, content: original.content, category: original.category });
    const fresh = await t.app.inject({ method: 'GET', url: publicUrl });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect((fresh.json() as { title: string }).title).toBe(original.title);

    const after = await versions();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ action: 'restore', title: 'عنوان ویرایش‌شده نخست', changedFields: ['title', 'content', 'category'] });
  });

  it('answers 404 for a version of another article or an unknown one, 400 for a bad id', async () => {
    const [v] = ((await t.app.inject({ method: 'GET', url: `/api/admin/articles/${ids[22]}/versions`, headers })).json() as { versions: ArticleVersionSummary[] }).versions;
    const other = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${ids[23]}/versions/${v.id}/restore`, headers });
    expect(other.statusCode).toBe(404);
    expect((other.json() as { message: string }).message).toBe('نسخهٔ مورد نظر یافت نشد');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/articles/999999/versions', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/articles/${ids[22]}/versions/abc`, headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/articles/999999', headers })).statusCode).toBe(404);
  });

  it('goes with its article when the article is deleted', async () => {
    const a = await createArticle(t.database);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/articles/${a.id}`, headers, payload: { title: 'عنوانی برای حذف' } });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${a.id}`, headers });
    const left = await t.database.raw.query<{ n: number }>('select count(*)::int as n from article_versions where article_id = $1', [a.id]);
    expect(left.rows[0].n).toBe(0);
  });
});
