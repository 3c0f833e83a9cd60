import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const H = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  // 'انتخابات': two articles in the last day, none the day before → up.
  await createArticle(t.database, { keywords: 'انتخابات,مجلس', category: 'Politics', views: 500, publishedAt: new Date(now - 2 * H) });
  await createArticle(t.database, { keywords: 'انتخابات', category: 'Politics', views: 100, publishedAt: new Date(now - 5 * H) });
  // 'بورس': one in the last day, two the day before → down.
  await createArticle(t.database, { keywords: 'بورس', category: 'Economy', views: 10, publishedAt: new Date(now - 3 * H) });
  await createArticle(t.database, { keywords: 'بورس', category: 'Economy', views: 10, publishedAt: new Date(now - 30 * H) });
  await createArticle(t.database, { keywords: 'بورس', category: 'Economy', views: 10, publishedAt: new Date(now - 40 * H) });
  // Stored by an older rewriter: common words, a category's name, one topic in three spellings.
  await createArticle(t.database, { keywords: 'کشور,درصدی,دوازدهم,ورزش,برنامه بازی ها', category: 'Sports', views: 0, publishedAt: new Date(now - 6 * H) });
  await createArticle(t.database, { keywords: 'برنامه بازی‌ها,تیم', category: 'Sports', views: 0, publishedAt: new Date(now - 7 * H) });
  await createArticle(t.database, { keywords: 'برنامه بازی‌ها,رشد', category: 'Sports', views: 0, publishedAt: new Date(now - 8 * H) });
  await createArticle(t.database, { keywords: 'گروه‌های پرخطر', category: 'Health', views: 0, publishedAt: new Date(now - 9 * H) });
  await createArticle(t.database, { keywords: 'گروه پرخطر', category: 'Health', views: 0, publishedAt: new Date(now - 10 * H) });
  // Too old to count.
  await createArticle(t.database, { keywords: 'قدیمی', category: 'Health', views: 99999, publishedAt: new Date(now - 30 * 24 * H) });
});
afterAll(async () => { await t?.close(); });

describe('GET /api/analytics/trending-topics', () => {
  it('counts each topic in stories, most stories first and the more read first among equals, with the trend and the Persian category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=30' });
    expect(res.statusCode).toBe(200);
    const topics = res.json() as Array<{ keyword: string; count: number; trend: string; category: string }>;
    // Three stories each: 'بورس' read 30 times before 'برنامه بازی‌ها' read never; then two stories
    // each: 'انتخابات' (600 views) before the health topic; 'مجلس' (one story, 500 views) after them.
    expect(topics.slice(0, 5).map((x) => [x.keyword, x.count])).toEqual([
      ['بورس', 3], ['برنامه بازی‌ها', 3], ['انتخابات', 2], [expect.stringMatching(/^گروه/), 2], ['مجلس', 1],
    ]);
    expect(topics.find((x) => x.keyword === 'انتخابات')).toEqual({ keyword: 'انتخابات', count: 2, trend: 'up', category: 'سیاست' });
    expect(topics.find((x) => x.keyword === 'بورس')).toMatchObject({ trend: 'down', category: 'اقتصاد' });
    // The numbered sidebar never shows a larger count below a smaller one.
    const counts = topics.map((x) => x.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(topics.find((x) => x.keyword === 'قدیمی')).toBeUndefined();
  });

  it('shows topics, not words: common words and category names left out, spellings of one topic counted together', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=30' });
    const topics = res.json() as Array<{ keyword: string; count: number; category: string }>;
    const keywords = topics.map((x) => x.keyword);
    for (const word of ['کشور', 'درصدی', 'دوازدهم', 'ورزش', 'تیم', 'رشد', 'برنامه بازی ها']) expect(keywords).not.toContain(word);
    expect(topics.find((x) => x.keyword === 'برنامه بازی‌ها')).toMatchObject({ count: 3, category: 'ورزش' });
    expect(topics.filter((x) => x.keyword.startsWith('گروه'))).toEqual([expect.objectContaining({ count: 2, category: 'سلامت' })]);
  });

  it('honours and bounds the limit', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=1' });
    expect(one.json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=1000' })).statusCode).toBe(400);
  });
});
