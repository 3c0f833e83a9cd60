import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

let t: TestApp;
const H = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  // One topic in six spellings, as channels and older rewriters stored it: Arabic letters, a
  // ZWNJ, a space, neither, a hashtag's underscores, a plural.
  const spellings = ['كم‌آبي', 'کم‌آبی', 'کم آبی', 'کمآبی', '#کم_آبی', 'کم‌آبی‌ها', 'کم‌آبی'];
  for (const [i, keyword] of spellings.entries()) {
    await createArticle(t.database, { title: `گزارش ${i} از استان‌ها`, keywords: keyword, category: 'Health', publishedAt: new Date(now - (i + 1) * H) });
  }
  // Another topic in two spellings, fewer stories.
  await createArticle(t.database, { keywords: 'پیش‌فروش خودرو', category: 'Politics', publishedAt: new Date(now - 2 * H) });
  await createArticle(t.database, { keywords: 'پیشفروش خودرو', category: 'Politics', publishedAt: new Date(now - 3 * H) });
});
afterAll(async () => { await t?.close(); });

describe('one topic, however its stories spell it', () => {
  it('is counted once, under the spelling used most', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=30' });
    const topics = res.json() as Array<{ keyword: string; count: number; category: string }>;
    const water = topics.filter((x) => x.keyword.replace(/[\s\u200c]/g, '').startsWith('کمآبی'));
    expect(water).toEqual([{ keyword: 'کم‌آبی', count: 7, trend: 'up', category: 'سلامت' }]);
    expect(topics.filter((x) => x.keyword.startsWith('پیش'))).toEqual([expect.objectContaining({ count: 2 })]);
  });
});
