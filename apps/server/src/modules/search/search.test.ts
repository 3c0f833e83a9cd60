import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  ids.book = (await createArticle(t.database, { title: 'نمایشگاه کتاب یکشنبه افتتاح می‌شود', category: 'Culture', content: '<p>در این دوره ۱۲۰۰ ناشر شرکت دارند.</p>', keywords: 'کتاب,نمایشگاه', views: 40, publishedAt: new Date(now - 2 * 3_600_000) })).id;
  ids.bookOld = (await createArticle(t.database, { title: 'گزارش فروش کتاب در سال گذشته', category: 'Economy', content: '<p>فروش کتاب افزایش یافت.</p>', keywords: 'کتاب,فروش', views: 900, publishedAt: new Date(now - 40 * DAY) })).id;
  ids.body = (await createArticle(t.database, { title: 'برنامه‌های فرهنگی هفته', category: 'Culture', content: '<p>معرفی کتاب‌های تازه در کتابخانه مرکزی.</p>', keywords: 'فرهنگ', views: 5, publishedAt: new Date(now - 3 * DAY) })).id;
  ids.football = (await createArticle(t.database, { title: 'پیروزی تیم فوتبال در دیدار دوستانه', category: 'Sports', content: '<p>نتیجه ۲ بر ۱ شد.</p>', keywords: 'فوتبال', publishedAt: new Date(now - DAY / 2) })).id;
});
afterAll(async () => { await t?.close(); });

const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/advanced?${qs}` });
  return { status: res.statusCode, body: res.json() as { articles: Array<{ id: number }>; total: number; mode: string; message?: string } };
};

describe('GET /api/search/advanced', () => {
  it('finds by title and body, title matches first', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('کتاب')}`);
    expect(status).toBe(200);
    const found = body.articles.map((a) => a.id);
    expect(found).toEqual(expect.arrayContaining([ids.book, ids.bookOld, ids.body]));
    expect(found.indexOf(ids.body)).toBeGreaterThan(found.indexOf(ids.book));
    expect(body.total).toBe(3);
  });

  it('finds the Persian spelling from Arabic ي/ك and from other digits', async () => {
    const arabic = await search(`q=${encodeURIComponent('كتاب')}`);
    const persian = await search(`q=${encodeURIComponent('کتاب')}`);
    expect(arabic.body.articles.map((a) => a.id)).toEqual(persian.body.articles.map((a) => a.id));
    const digits = await search(`q=${encodeURIComponent('١٢٠٠')}`);
    expect(digits.body.articles.map((a) => a.id)).toEqual([ids.book]);
    const zwnj = await search(`q=${encodeURIComponent('افتتاح مي شود')}`);
    expect(zwnj.body.articles.map((a) => a.id)).toEqual([ids.book]);
  });

  it('filters by category (English or Persian) and date, and sorts by views or date', async () => {
    const culture = await search(`q=${encodeURIComponent('کتاب')}&category=${encodeURIComponent('فرهنگ')}`);
    expect(culture.body.articles.map((a) => a.id).sort()).toEqual([ids.book, ids.body].sort());
    const week = await search(`q=${encodeURIComponent('کتاب')}&date=week`);
    expect(week.body.articles.map((a) => a.id)).not.toContain(ids.bookOld);
    const byViews = await search(`q=${encodeURIComponent('کتاب')}&sort=views`);
    expect(byViews.body.articles[0].id).toBe(ids.bookOld);
    const byDate = await search(`q=${encodeURIComponent('کتاب')}&sort=date`);
    expect(byDate.body.articles[0].id).toBe(ids.book);
  });

  it('reports the total on a page past the last result', async () => {
    const { body } = await search(`q=${encodeURIComponent('کتاب')}&page=2`);
    expect(body.articles).toEqual([]);
    expect(body.total).toBe(3);
  });

  it('filters by a category whose name holds quotes and backslashes as written', async () => {
    const odd = "Cul'ture\\x";
    const id = (await createArticle(t.database, { title: 'کتابخوانی در شهر', category: odd })).id;
    const { body } = await search(`q=${encodeURIComponent('کتابخوانی')}&category=${encodeURIComponent(odd)}`);
    expect(body.articles.map((a) => a.id)).toEqual([id]);
    const other = await search(`q=${encodeURIComponent('کتابخوانی')}&category=${encodeURIComponent("Cul'ture")}`);
    expect(other.body.articles).toEqual([]);
  });

  it('tolerates a typo through trigram similarity', async () => {
    const { body } = await search(`q=${encodeURIComponent('فوتبل')}`);
    expect(body.mode).toBe('fuzzy');
    expect(body.articles.map((a) => a.id)).toContain(ids.football);
  });

  it('corrects a misspelt word among several to the known words, kept by the database', async () => {
    const { rows } = await t.database.raw.query<{ term: string }>("select term from search_terms where term in ('پیروزی', 'دوستانه')");
    expect(rows.map((r) => r.term).sort()).toEqual(['دوستانه', 'پیروزی'].sort());
    const { body } = await search(`q=${encodeURIComponent('پیروزی دوستانع')}`);
    expect(body.mode).toBe('fuzzy');
    expect(body.articles.map((a) => a.id)).toEqual([ids.football]);
  });

  it('answers an empty query with nothing, and bad filters with 400', async () => {
    expect((await search('q=')).body).toMatchObject({ articles: [], total: 0, mode: 'empty' });
    expect((await search('q=x&sort=popular')).status).toBe(400);
    expect((await search('q=x&date=yesterday')).status).toBe(400);
    expect((await search(`q=${'ا'.repeat(300)}`)).status).toBe(400);
    expect((await search("q=%27%29%28%7C%21%26")).status).toBe(200);
  });
});
