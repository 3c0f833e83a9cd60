import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleRedirects } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const hour = 3_600_000;
let ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  const a = await createArticle(t.database, { title: 'نرخ تورم ماهانه اعلام شد', category: 'Economy', keywords: 'تورم,بانک مرکزی', publishedAt: new Date(now - 1 * hour), featured: true, views: 50 });
  const b = await createArticle(t.database, { title: 'شاخص بورس رکورد زد', category: 'Economy', keywords: 'بورس,تورم', publishedAt: new Date(now - 2 * hour), views: 900 });
  const c = await createArticle(t.database, { title: 'نشست مجلس درباره بودجه', category: 'Politics', keywords: 'مجلس,بودجه', publishedAt: new Date(now - 3 * hour), views: 10 });
  const d = await createArticle(t.database, { title: 'پیش‌نویس حذف شده', category: 'Politics', status: 'unpublished', publishedAt: new Date(now - 4 * hour) });
  const e = await createArticle(t.database, { title: 'قهرمانی تیم ملی والیبال', category: 'Sports', keywords: 'والیبال', publishedAt: new Date(now - 5 * hour), featured: true, views: 300 });
  ids = { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id };
});
afterAll(async () => { await t?.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/articles', () => {
  it('lists published articles newest first with the spec field names', async () => {
    const res = await get('/api/articles?page=1&limit=6');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((x) => x.id)).toEqual([ids.a, ids.b, ids.c, ids.e]);
    for (const key of ['id', 'title', 'excerpt', 'content', 'imageUrl', 'imageAltText', 'videoUrl', 'videoAltText', 'podcastUrl', 'podcastVoice', 'podcastDuration', 'category', 'keywords', 'views', 'publishedAt', 'updatedAt', 'telegramId', 'source', 'readingTime']) {
      expect(list[0]).toHaveProperty(key);
    }
    expect(list[0]).not.toHaveProperty('searchBody');
  });

  it('pages from 1 and answers an empty page past the end', async () => {
    const p2 = (await get('/api/articles?page=2&limit=2')).json() as Array<{ id: number }>;
    expect(p2.map((x) => x.id)).toEqual([ids.c, ids.e]);
    expect((await get('/api/articles?page=3&limit=2')).json()).toEqual([]);
  });

  it.each([
    ['page=0', 'صفحه باید دست‌کم ۱ باشد'], ['page=-1', 'صفحه باید دست‌کم ۱ باشد'], ['page=abc', 'صفحه باید عدد باشد'],
    ['limit=0', 'تعداد باید دست‌کم ۱ باشد'], ['limit=100000', 'تعداد حداکثر ۱۰۰۰ است'], ['limit=2.5', 'تعداد باید عدد صحیح باشد'],
    ['page=99999999999', 'صفحه حداکثر ۱۰۰۰۰۰ است'],
  ])('rejects %s with a 400 naming the field in Persian', async (qs, message) => {
    const res = await get(`/api/articles?${qs}`);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe('validation_error');
    expect(body.message).toBe(message);
  });
});

describe('featured, popular, by id, related', () => {
  it('featured lists only featured articles', async () => {
    const list = (await get('/api/articles/featured')).json() as Array<{ id: number; featured: boolean }>;
    expect(list.map((x) => x.id)).toEqual([ids.a, ids.e]);
  });

  it('popular orders by views', async () => {
    const list = (await get('/api/articles/popular')).json() as Array<{ id: number }>;
    expect(list.map((x) => x.id).slice(0, 3)).toEqual([ids.b, ids.e, ids.a]);
  });

  it('returns one article, and 404 for unknown or unpublished ids', async () => {
    const res = await get(`/api/articles/${ids.b}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.b, title: 'شاخص بورس رکورد زد', category: 'Economy' });
    for (const id of [999999, ids.d]) {
      const missing = await get(`/api/articles/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'not_found', message: 'مقاله مورد نظر یافت نشد' });
    }
  });

  it.each(['abc', '-3', '0', '1.5', '99999999999', '%D8%B3'])('rejects the id %s with 400', async (id) => {
    const res = await get(`/api/articles/${id}`);
    expect(res.statusCode).toBe(400);
  });

  it('refuses an existing id in any spelling but plain digits, so an article has one address (and one cache entry)', async () => {
    const id = ids.b;
    for (const spelling of [`0x${id.toString(16)}`, `0b${id.toString(2)}`, `0o${id.toString(8)}`, `0${id}`, `+${id}`, `${id}.0`, `${id / 10}e1`, `${id}%20`, `%20${id}`]) {
      const res = await get(`/api/articles/${spelling}`);
      expect(res.statusCode, spelling).toBe(400);
      expect((res.json() as { message: string }).message, spelling).toMatch(/شناسه/);
    }
    for (const qs of ['page=0x1', 'limit=1e1', 'page=+1', 'limit=010']) expect((await get(`/api/articles?${qs}`)).statusCode, qs).toBe(400);
    expect((await get(`/api/articles/${id}`)).statusCode).toBe(200);
    expect((await get('/api/articles?page=1&limit=10')).statusCode).toBe(200);
  });

  it('related puts same category and shared keywords first, excludes itself, ≤ 6', async () => {
    const list = (await get(`/api/articles/${ids.a}/related`)).json() as Array<{ id: number }>;
    expect(list[0].id).toBe(ids.b);
    expect(list.map((x) => x.id)).not.toContain(ids.a);
    expect(list.map((x) => x.id)).not.toContain(ids.d);
    expect(list.length).toBeLessThanOrEqual(6);
    expect((await get('/api/articles/424242/related')).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('lists the eight categories with Persian names', async () => {
    const list = (await get('/api/categories')).json() as Array<{ slug: string; name: string; description: string }>;
    expect(list).toHaveLength(8);
    expect(list.find((c) => c.slug === 'politics')?.name).toBe('سیاست');
    expect(list.every((c) => c.description.length > 0)).toBe(true);
  });

  it('lists a category’s articles with a limit', async () => {
    const res = await get('/api/categories/economy/articles?limit=1');
    expect((res.json() as Array<{ id: number }>).map((x) => x.id)).toEqual([ids.a]);
    expect((await get('/api/categories/nothing-here/articles')).json()).toEqual([]);
    expect((await get('/api/categories/economy/articles?limit=-2')).statusCode).toBe(400);
    expect((await get('/api/categories/bad%20slug!/articles')).statusCode).toBe(400);
  });
});

describe('read cache', () => {
  it('serves a repeat read from memory and drops it on invalidate', async () => {
    const first = await get('/api/articles/featured?limit=3');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await get('/api/articles/featured?limit=3');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    const notModified = await t.app.inject({ method: 'GET', url: '/api/articles/featured?limit=3', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    t.app.readCache.invalidate();
    expect((await get('/api/articles/featured?limit=3')).headers['x-cache']).toBe('MISS');
  });
});

describe('status and errors', () => {
  it('reports the database as reachable', async () => {
    const res = await get('/api/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true }, version: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('keeps the redirect table (884 → 885 is its first row once seeded)', async () => {
    await t.database.db.insert(articleRedirects).values({ fromId: ids.d, toId: ids.a });
    const { articleRepo } = await import('./repo.ts');
    expect((await articleRepo.articlePage(t.database.db, ids.d, 6)).movedTo).toBe(ids.a);
  });
});
