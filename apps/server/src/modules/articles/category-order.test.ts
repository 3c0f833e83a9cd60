// The admin table's category order is Persian alphabetical order of the categories' names, as
// an editor reads them (آموزش before اقتصاد before سیاست), not the English names articles store;
// a category outside the fixed list comes after them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticlesResponse } from '@chapar/shared/contracts';
import { CATEGORIES, CATEGORY_SORT_RANKS, OTHER_CATEGORY_RANK } from '@chapar/shared/text';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
const persianOrder = [...CATEGORIES].sort((a, b) => new Intl.Collator('fa').compare(a.nameFa, b.nameFa)).map((c) => c.name);

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
  // Two articles per category, inserted in English alphabetical order, and one of a category not in the list.
  for (const [i, name] of [...CATEGORIES.map((c) => c.name)].sort().entries()) {
    for (const day of [1, 2]) await createArticle(t.database, { category: name, publishedAt: new Date(Date.UTC(2026, 10, day, i)) });
  }
  await createArticle(t.database, { category: 'Science' });
}, 60_000);
afterAll(async () => { await t?.close(); });

const categories = async (order: 'asc' | 'desc') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles?sortBy=category&sortOrder=${order}&limit=100`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as AdminArticlesResponse;
  return body.articles.map((a) => a.category).filter((c, i, all) => all.indexOf(c) === i);
};

describe('sorting the admin table by category', () => {
  it('keeps the ranks the database stores in Persian alphabetical order', async () => {
    expect(persianOrder[0]).toBe('Education');
    const ranked = Object.entries(CATEGORY_SORT_RANKS).sort((a, b) => a[1] - b[1]).map(([slug]) => CATEGORIES.find((c) => c.slug === slug)!.name);
    expect(ranked).toEqual(persianOrder);
    const stored = await t.database.raw.query<{ category: string; category_sort: number }>('select distinct category, category_sort from articles');
    for (const row of stored.rows) {
      const slug = CATEGORIES.find((c) => c.name === row.category)?.slug;
      expect(row.category_sort, row.category).toBe(slug ? CATEGORY_SORT_RANKS[slug] : OTHER_CATEGORY_RANK);
    }
  });

  it('runs by the Persian names both ways, an unknown category last, the newest first within each', async () => {
    expect(await categories('asc')).toEqual([...persianOrder, 'Science']);
    expect(await categories('desc')).toEqual(['Science', ...[...persianOrder].reverse()]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/articles?sortBy=category&sortOrder=asc&limit=2', headers });
    const [newer, older] = (res.json() as AdminArticlesResponse).articles;
    expect(newer.category).toBe('Education');
    expect(older.category).toBe('Education');
    expect(Date.parse(newer.publishedAt)).toBeGreaterThan(Date.parse(older.publishedAt));
  });
});
