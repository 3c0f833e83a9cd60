import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ARTICLE_NOT_FOUND } from '@chapar/shared/contracts';
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
    const [newest, feed] = await Promise.all([fetch({ read: 'articles', page: 1, limit: 6 }), fetch({ read: 'articles', limit: 6 })]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(feed).toEqual(newest);
    expect((newest as unknown[]).length).toBe(6);

    const second = (await fetch({ read: 'articles', page: 2, limit: 6 })) as Array<{ id: number }>;
    expect(read).toHaveBeenCalledTimes(2);
    expect(second.map((a) => a.id)).not.toContain((newest as Array<{ id: number }>)[0].id);

    // A category's list, asked by two parts of the page, and read from the service once.
    const [bySlug, again] = await Promise.all([fetch({ read: 'category', slug: 'economy', limit: 2 }), fetch({ read: 'category', slug: 'economy', limit: 2 })]);
    expect(read).toHaveBeenCalledTimes(3);
    expect(again).toEqual(bySlug);
    expect((bySlug as Array<{ category: string }>).map((a) => a.category)).toEqual(['Economy', 'Economy']);
  });

  it('answers a missing article with the API\'s 404 and its one not-found text', async () => {
    const fetch = createPageData(t.app, { db: t.database.db, derivedTtlMs: 0 }).fetcher();
    await expect(fetch({ read: 'article', id: 999_999 })).rejects.toMatchObject({ status: 404, body: JSON.stringify({ error: 'not_found', message: ARTICLE_NOT_FOUND }) });
  });

  it('reads again in the next render', async () => {
    const data = createPageData(t.app, { db: t.database.db, derivedTtlMs: 0 });
    const read = vi.spyOn(articleRepo, 'summaries');
    await data.fetcher()({ read: 'articles', limit: 6 });
    await data.fetcher()({ read: 'articles', limit: 6 });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
