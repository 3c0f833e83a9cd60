import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

// One ETag per body whichever cache answers: the tag a browser kept from a rendered page (a
// miss) is the tag the hot cache answers with (a hit), and the other way round.
describe('page revalidation', () => {
  let t: TestApp;
  let base = '';

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 60_000, readCacheTtlMs: 60_000 },
      seed: async (database) => { await createArticle(database, { title: 'خبر آزمون بازبینی برچسب' }); },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it('gets 304 with the ETag from a miss and with the one from a hit', async () => {
    const miss = await fetch(`${base}/`);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-cache')).not.toBe('HIT');
    const missTag = miss.headers.get('etag')!;
    expect(missTag).toMatch(/^W\/"/);

    // The hot cache now holds the page: the tag from the render is its tag too.
    const hit = await fetch(`${base}/`);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('etag')).toBe(missTag);
    const revalidatedOnHit = await fetch(`${base}/`, { headers: { 'if-none-match': missTag } });
    expect(revalidatedOnHit.status).toBe(304);
    expect(revalidatedOnHit.headers.get('x-cache')).toBe('HIT');

    // With the hot cache emptied the app answers (its page cache), and the hit's tag still holds.
    t.app.hotCache.clear();
    const revalidatedOnMiss = await fetch(`${base}/`, { headers: { 'if-none-match': hit.headers.get('etag')! } });
    expect(revalidatedOnMiss.headers.get('x-cache')).not.toBe('HIT');
    expect(revalidatedOnMiss.status).toBe(304);
  });

  it('takes the tag among others, or "*", from a hit and from a miss', async () => {
    const tag = (await fetch(`${base}/`)).headers.get('etag')!;
    for (const header of [`W/"other", ${tag}`, '*']) {
      expect((await fetch(`${base}/`, { headers: { 'if-none-match': header } })).status, header).toBe(304);
      t.app.hotCache.clear();
      const fromApp = await fetch(`${base}/`, { headers: { 'if-none-match': header } });
      expect(fromApp.headers.get('x-cache'), header).not.toBe('HIT');
      expect(fromApp.status, header).toBe(304);
      expect(fromApp.headers.get('vary'), header).toBe('accept-encoding');
    }
  });

  it('sends a page that is not there in full, whatever tag the browser kept (RFC 9110 §13.2.1)', async () => {
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    const tag = missing.headers.get('etag')!;
    for (const header of [tag, '*']) {
      const again = await fetch(`${base}/no-such-page`, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(404);
      expect(await again.text(), header).toContain('صفحه یافت نشد');
    }
  });
});

// Feed readers and podcast directories ask HEAD first: it carries the tag GET has, whichever
// cache answers, and a tag they kept is answered 304 by HEAD and by GET.
describe('feed revalidation by HEAD', () => {
  let t: TestApp;
  let base = '';

  beforeAll(async () => {
    t = await buildTestApp({
      config: { readCacheTtlMs: 60_000 },
      seed: async (database) => { await createArticle(database, { title: 'خبر آزمون فید' }); },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it.each(['/rss.xml', '/podcast.xml', '/sitemap.xml'])('%s: HEAD has the ETag and caching of GET, and answers 304 to it from the app and from the hot cache', async (url) => {
    t.app.hotCache.clear();
    // Answered by the app (nothing kept yet): the validators are there all the same.
    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const tag = head.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    expect(head.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');

    const get = await fetch(`${base}${url}`);
    expect(get.status).toBe(200);
    expect(get.headers.get('etag')).toBe(tag);
    expect(await get.text()).toContain('<?xml');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);

    // A tag kept from HEAD, asked again by HEAD and by GET: from the hot cache, then from the app.
    for (const method of ['HEAD', 'GET']) {
      const hit = await fetch(`${base}${url}`, { method, headers: { 'if-none-match': tag! } });
      expect(hit.status, `${method} hit`).toBe(304);
      t.app.hotCache.clear();
      const miss = await fetch(`${base}${url}`, { method, headers: { 'if-none-match': tag! } });
      expect(miss.headers.get('x-cache'), `${method} miss`).not.toBe('HIT');
      expect(miss.status, `${method} miss`).toBe(304);
      expect(miss.headers.get('etag'), `${method} miss`).toBe(tag);
    }
    // Another tag: the whole answer.
    t.app.hotCache.clear();
    expect((await fetch(`${base}${url}`, { method: 'HEAD', headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
  });
});
