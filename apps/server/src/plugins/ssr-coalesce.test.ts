import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

// Needs the web build; renders the real home page.
describe('page renders shared by concurrent readers', () => {
  let t: TestApp;
  let categoryReads = 0;
  let onCategoryRead = () => {};

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      // The read cache and the pages' shared data are off, so every render reads the API afresh
      // and can be counted.
      config: { pageCacheTtlMs: 60_000, readCacheTtlMs: 0, derivedDataTtlMs: 0 },
      seed: async (database) => { await createArticle(database, { title: 'خبری برای خوانندگان هم‌زمان' }); },
      beforeReady: (app) => app.addHook('onRequest', async (request) => { if (request.url === '/api/categories') { categoryReads++; onCategoryRead(); } }),
    });
  });
  afterAll(() => t?.close());

  it('renders a page once for readers who ask while it is being rendered, and each gets it', async () => {
    const pages = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: '/' })));
    expect(pages.map((p) => p.statusCode)).toEqual(Array(8).fill(200));
    for (const page of pages) expect(page.body).toContain('خبری برای خوانندگان هم‌زمان');
    expect(categoryReads).toBe(1);
  });

  it('renders afresh after a content change, never handing out a render begun before it', async () => {
    const before = categoryReads;
    const started = new Promise<void>((resolve) => { onCategoryRead = resolve; });
    const first = t.app.inject({ method: 'GET', url: '/category/politics' }).then((r) => r);
    // The first render is under way (it has read the categories) when the content changes.
    await started;
    t.app.contentChanged();
    const second = t.app.inject({ method: 'GET', url: '/category/politics' }).then((r) => r);
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(categoryReads - before).toBe(2);
  });
});
