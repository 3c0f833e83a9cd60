// A trending topic links to a search for its keyword (the cloud, the sidebar, an article's tags):
// the search finds every story the topic counts, however each spells it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const H = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  const at = (h: number) => new Date(now - h * H);
  // One topic: with a ZWNJ, Arabic letters, a hashtag's underscores, the plural run together, the
  // plural left out, and only in a title.
  await createArticle(t.database, { title: 'اعلام برنامه بازی‌ها', content: '<p>برنامه بازی‌ها اعلام شد.</p>', keywords: 'برنامه بازی‌ها', publishedAt: at(1) });
  await createArticle(t.database, { title: 'تغییر ساعت دیدارها', content: '<p>ساعت دو دیدار تغییر کرد.</p>', keywords: 'برنامه بازي‌ها', publishedAt: at(2) });
  await createArticle(t.database, { title: 'دیدار معوقه', content: '<p>دیدار معوقه هفته آینده.</p>', keywords: '#برنامه_بازی_ها', publishedAt: at(3) });
  await createArticle(t.database, { title: 'هفته هشتم', content: '<p>برنامه بازیهای هفته هشتم.</p>', keywords: 'برنامه بازیها', publishedAt: at(4) });
  await createArticle(t.database, { title: 'هفته نهم', content: '<p>برنامه بازی هفته نهم.</p>', keywords: 'برنامه بازی', publishedAt: at(5) });
  await createArticle(t.database, { title: 'برنامه بازیهای جام حذفی', content: '<p>قرعه‌کشی انجام شد.</p>', keywords: 'جام حذفی', publishedAt: at(6) });
  // A compound with a ZWNJ, with a space, run together.
  await createArticle(t.database, { title: 'هشدار کم‌آبی', content: '<p>سدها نیمه‌پر است.</p>', keywords: 'کم‌آبی', publishedAt: at(9) });
  await createArticle(t.database, { title: 'جیره‌بندی آب', content: '<p>برای مقابله با کم آبی.</p>', keywords: 'کم آبی', publishedAt: at(10) });
  await createArticle(t.database, { title: 'صرفه‌جویی', content: '<p>مصرف آب کم شد.</p>', keywords: 'کمآبی', publishedAt: at(11) });
  // Another topic: plural and singular of a people's noun.
  await createArticle(t.database, { title: 'افزایش مستمری', content: '<p>مستمری افزایش یافت.</p>', keywords: 'بازنشستگان', publishedAt: at(7) });
  await createArticle(t.database, { title: 'بیمه تکمیلی', content: '<p>بیمه تکمیلی تمدید شد.</p>', keywords: 'بازنشسته', publishedAt: at(8) });
});
afterAll(async () => { await t?.close(); });

describe('a trending topic\'s link', () => {
  it('finds every story the topic counts', async () => {
    const topics = (await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=30' })).json() as Array<{ keyword: string; count: number }>;
    expect(topics.find((x) => x.keyword === 'برنامه بازی‌ها')).toMatchObject({ count: 6 });
    expect(topics.find((x) => x.keyword.startsWith('بازنشست'))).toMatchObject({ count: 2 });
    expect(topics.find((x) => x.keyword.startsWith('کم'))).toMatchObject({ count: 3 });
    for (const topic of topics) {
      const found = (await t.app.inject({ method: 'GET', url: `/api/search/advanced?q=${encodeURIComponent(topic.keyword)}` })).json() as { total: number };
      expect(found.total, topic.keyword).toBe(topic.count);
    }
  });
});
