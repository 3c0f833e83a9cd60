import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { RANKING_TTL_MS, standsOut, trendingTopics } from './service.ts';

let t: TestApp;
const H = 3_600_000;
type Topic = { keyword: string; count: number; trend: string; category: string };

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  // Four weeks of a Persian news site: 'ایران' in every story, 'تهران' in most, 'بورس' in a
  // fifth of them, every day alike.
  for (let day = 0; day < 28; day++) {
    for (let i = 0; i < 5; i++) {
      const keywords = ['ایران', ...(i < 4 ? ['تهران'] : []), ...(i === 0 ? ['بورس'] : [])].join(',');
      await createArticle(t.database, { keywords, category: 'Politics', publishedAt: new Date(now - (day * 24 + 2 + i * 3) * H) });
    }
  }
  // Today's story, in many of today's articles.
  for (let i = 0; i < 6; i++) {
    await createArticle(t.database, { keywords: 'ایران,تهران,آلودگی هوا', category: 'Health', publishedAt: new Date(now - (1 + i) * H) });
  }
  // Another story of today, named in five titles and in one story's keywords.
  for (let i = 0; i < 5; i++) {
    await createArticle(t.database, { title: `پس‌لرزه‌های زلزله بم در روز ${i + 1}`, keywords: i === 0 ? 'ایران,زلزله بم' : 'ایران', category: 'Politics', publishedAt: new Date(now - (2 + i) * H) });
  }
  // A story of four days ago, new then.
  for (let i = 0; i < 3; i++) {
    await createArticle(t.database, { keywords: 'ایران,سیل گلستان', category: 'Politics', publishedAt: new Date(now - (4 * 24 + 1 + i) * H) });
  }
});
afterAll(async () => { await t?.close(); });

describe('trending topics stand out against the weeks before', () => {
  it('ranks today\'s story first, not the names in every story', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/trending-topics?limit=30' });
    const topics = res.json() as Topic[];
    expect(topics[0]).toEqual({ keyword: 'آلودگی هوا', count: 6, trend: 'up', category: 'سلامت' });
    // Counted in the stories whose titles name it, not only in those whose keywords do.
    expect(topics[1]).toMatchObject({ keyword: 'زلزله بم', count: 5 });
    expect(topics.find((x) => x.keyword === 'سیل گلستان')).toMatchObject({ count: 3, trend: 'stable' });
    // Present every day, as often as ever: no trend at all.
    for (const word of ['ایران', 'تهران', 'بورس']) expect(topics.map((x) => x.keyword)).not.toContain(word);
    expect(topics.map((x) => x.count)).toEqual([...topics.map((x) => x.count)].sort((a, b) => b - a));
  });
});

describe('the ranking is made in the background, not for each request', () => {
  it('is kept for a while, then answered while the next one is made', async () => {
    const first = await trendingTopics(t.database, 30);
    await createArticle(t.database, { keywords: 'طوفان شن', category: 'Politics', publishedAt: new Date(Date.now() - 60_000) });
    // Within the interval: the kept ranking, without reading the stories again.
    const read = vi.spyOn(t.database.raw, 'query');
    expect(await trendingTopics(t.database, 30)).toEqual(first);
    expect(read).not.toHaveBeenCalled();
    // Past it: still the kept ranking at once, and a new one under way.
    const later = Date.now() + RANKING_TTL_MS + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await trendingTopics(t.database, 30)).toEqual(first);
    vi.mocked(Date.now).mockRestore();
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
    await vi.waitFor(async () => expect((await trendingTopics(t.database, 30)).map((x) => x.keyword)).toContain('طوفان شن'));
  });
});

/** A seeded random number in [0, 1) (mulberry32), so the weeks below are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('what stands out', () => {
  it('is never a word as frequent as ever, by the chance of a busy day', () => {
    const next = random(14);
    for (const perDay of [5, 20, 50]) {
      for (const share of [0.4, 0.6, 0.9]) {
        let out = 0;
        for (let week = 0; week < 1000; week++) {
          const stories = Array.from({ length: 28 }, () => Math.max(1, Math.round(perDay * (0.6 + 0.8 * next()))));
          const days = stories.map((n) => Array.from({ length: n }, next).filter((x) => x < share).length);
          if (standsOut({ days, total: days.reduce((a, b) => a + b, 0) }, stories)) out++;
        }
        expect(out, `${perDay} stories a day, ${share} of them`).toBeLessThanOrEqual(10);
      }
    }
  });

  it('is a topic new today, or twice as frequent as before', () => {
    const stories = new Array<number>(28).fill(20);
    const at = (today: number, before: number) => ({ days: [today, ...new Array<number>(27).fill(before)], total: today + 27 * before });
    expect(standsOut(at(2, 0), stories)).toBe(true);
    expect(standsOut(at(8, 2), stories)).toBe(true);
    expect(standsOut(at(20, 20), stories)).toBe(false);
    expect(standsOut(at(3, 2), stories)).toBe(false);
    // Without other days to compare with, every topic of the day.
    expect(standsOut({ days: [20, ...new Array<number>(27).fill(0)], total: 20 }, [20, ...new Array<number>(27).fill(0)])).toBe(true);
  });
});
