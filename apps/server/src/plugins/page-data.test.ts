import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { articleRepo } from '../modules/articles/repo.ts';
import { createPageData } from './page-data.ts';

describe('the reads of one render', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: async (database) => {
        for (let i = 0; i < 8; i++) await createArticle(database, { category: i % 2 ? 'Economy' : 'Sports' });
      },
    });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it('reads a list once for every path that asks for the same list, and each other list on its own', async () => {
    const read = vi.spyOn(articleRepo, 'summaries');
    const fetch = createPageData(t.app, { db: t.database.db, derivedTtlMs: 0 }).fetcher();
    // The home page's newest articles and its feed.
    const [newest, feed] = await Promise.all([fetch('/api/articles?page=1&limit=6'), fetch('/api/articles?limit=6')]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(feed).toEqual(newest);
    expect((newest as unknown[]).length).toBe(6);

    const second = (await fetch('/api/articles?page=2&limit=6')) as Array<{ id: number }>;
    expect(read).toHaveBeenCalledTimes(2);
    expect(second.map((a) => a.id)).not.toContain((newest as Array<{ id: number }>)[0].id);

    const [bySlug, byQuery] = await Promise.all([fetch('/api/categories/economy/articles?limit=2'), fetch('/api/articles?category=economy&limit=2')]);
    expect(read).toHaveBeenCalledTimes(3);
    expect(byQuery).toEqual(bySlug);
    expect((bySlug as Array<{ category: string }>).map((a) => a.category)).toEqual(['Economy', 'Economy']);
  });

  it('reads again in the next render', async () => {
    const data = createPageData(t.app, { db: t.database.db, derivedTtlMs: 0 });
    const read = vi.spyOn(articleRepo, 'summaries');
    await data.fetcher()('/api/articles?limit=6');
    await data.fetcher()('/api/articles?limit=6');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
