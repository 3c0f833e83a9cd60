// The admin table's ways of answering a search (admin-table.ts): a word expected in a couple of
// thousand articles at most, or in a share of them, is read through the indexes and sorted, with
// an exact total; a word in most articles along the order's index. Every way gives the same
// pages as sorting every match would. Categories run by their Persian names (Culture, فرهنگ, after
// Politics, سیاست), not their stored English ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticlesResponse } from '@chapar/shared/contracts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { EXACT_SEARCH_LIMIT, ORDERED_SHARE } from './admin-table.ts';

let t: TestApp;
let headers: Record<string, string>;
const COMMON = 12_000;
// A word in a quarter of the articles, spread evenly, and one gathered among the most viewed.
const SPREAD = 'میانه';
const GATHERED = 'خوشه';

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
  // Every article has the common word; one in 500 also a rare one; one in four the spread word;
  // the articles with 750 views or more the gathered one; views and dates vary.
  const words = `'خبر رایج ' || g || case when g % 500 = 0 then ' کمیاب' else '' end
           || case when g % 4 = 0 then ' ${SPREAD}' else '' end || case when (g * 7919) % 1000 >= 750 then ' ${GATHERED}' else '' end`;
  await t.database.raw.query(`
    insert into articles (title, search_title, search_body, category, views, status, published_at)
    select ${words}, ${words},
           'متن', (array['Politics','Economy','Sports','Culture','Health','Technology','Education'])[1 + g % 7], (g * 7919) % 1000,
           case when g % 50 = 0 then 'unpublished' else 'published' end,
           timestamptz '2026-01-01' + (g * 3571 % ${COMMON}) * interval '1 hour'
    from generate_series(1, ${COMMON}) g`);
  await t.database.raw.exec('ANALYZE articles');
}, 120_000);
afterAll(async () => { await t?.close(); });

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminArticlesResponse;
};

/** The ids of a page as sorting every match in the database gives them. */
async function expected(where: string, order: string, page: number) {
  const res = await t.database.raw.query<{ id: number }>(`select id from articles where ${where} order by ${order} limit 20 offset ${(page - 1) * 20}`);
  return res.rows.map((r) => r.id);
}

describe('searching a common and a rare word', () => {
  it.each([
    ['publishedAt', 'desc', 'published_at desc, id desc'],
    ['views', 'asc', 'views asc, id asc'],
    ['title', 'desc', 'title_sort desc, id desc'],
    ['category', 'asc', 'category_sort asc, category asc, published_at desc, id desc'],
    ['category', 'desc', 'category_sort desc, category desc, published_at desc, id desc'],
  ])('a common word by %s %s: the same pages as sorting every match, total estimated', async (sortBy, sortOrder, order) => {
    for (const page of [1, 3]) {
      const body = await list(`search=${encodeURIComponent('رایج')}&sortBy=${sortBy}&sortOrder=${sortOrder}&page=${page}`);
      expect(body.articles.map((a) => a.id)).toEqual(await expected("search_title like '%رایج%'", order, page));
      expect(body.pagination.totalExact).toBe(false);
      expect(body.pagination.total).toBeGreaterThan(EXACT_SEARCH_LIMIT);
    }
    const published = await list(`search=${encodeURIComponent('رایج')}&sortBy=${sortBy}&sortOrder=${sortOrder}&status=published&page=2`);
    expect(published.articles.map((a) => a.id)).toEqual(await expected("status = 'published'", order, 2));
  });

  it.each([
    [SPREAD, 'publishedAt', 'desc', 'published_at desc, id desc'],
    [SPREAD, 'title', 'asc', 'title_sort asc, id asc'],
    [SPREAD, 'category', 'desc', 'category_sort desc, category desc, published_at desc, id desc'],
    [GATHERED, 'views', 'asc', 'views asc, id asc'],
    [GATHERED, 'views', 'desc', 'views desc, id desc'],
    [GATHERED, 'title', 'desc', 'title_sort desc, id desc'],
    [GATHERED, 'category', 'asc', 'category_sort asc, category asc, published_at desc, id desc'],
  ])('a word in a share of the articles (%s) by %s %s: read through the indexes, the same pages as sorting every match, the exact total', async (word, sortBy, sortOrder, order) => {
    const where = `search_title like '%${word}%'`;
    const [{ n }] = (await t.database.raw.query<{ n: number }>(`select count(*)::int as n from articles where ${where}`)).rows;
    expect(n).toBeGreaterThan(EXACT_SEARCH_LIMIT);
    expect(n).toBeLessThan(ORDERED_SHARE * COMMON);
    for (const page of [1, 2, 7, Math.ceil(n / 20)]) {
      const body = await list(`search=${encodeURIComponent(word)}&sortBy=${sortBy}&sortOrder=${sortOrder}&page=${page}`);
      expect(body.articles.map((a) => a.id), `page ${page}`).toEqual(await expected(where, order, page));
      expect(body.pagination).toMatchObject({ total: n, totalExact: true });
    }
    const published = await list(`search=${encodeURIComponent(word)}&sortBy=${sortBy}&sortOrder=${sortOrder}&status=published&page=3`);
    expect(published.articles.map((a) => a.id)).toEqual(await expected(`${where} and status = 'published'`, order, 3));
  });

  it('a rare word: every match, sorted, with the exact total', async () => {
    const body = await list(`search=${encodeURIComponent('کمیاب')}&sortBy=views&sortOrder=desc`);
    const rare = Math.floor(COMMON / 500);
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: rare, totalPages: Math.ceil(rare / 20), totalExact: true });
    expect(body.articles.map((a) => a.id)).toEqual(await expected("search_title like '%کمیاب%'", 'views desc, id desc', 1));
  });

  it('pages without a search read the ids from the index, however deep', async () => {
    const last = Math.ceil((COMMON + 0) / 20);
    for (const [sortBy, order] of [['title', 'title_sort asc, id asc'], ['views', 'views asc, id asc']] as const) {
      const body = await list(`sortBy=${sortBy}&sortOrder=asc&page=${last}`);
      expect(body.articles.map((a) => a.id)).toEqual(await expected('true', order, last));
      expect(body.pagination).toMatchObject({ total: COMMON, totalExact: true });
    }
  });
});
