import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotCache } from './hot-cache.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

const put = (cache: HotCache, url: string, body: string, ttlMs = 1_000) =>
  cache.store(url, cache.generation, { body, headers: { 'content-type': 'text/plain' }, ttlMs, anonymousOnly: false });

describe('hot cache: stale while one reader refreshes', () => {
  it('lets exactly one reader through when an entry expires and answers the rest with it', () => {
    const cache = new HotCache();
    const stored = put(cache, '/x', 'old')!;
    const now = stored.expiresAt + 1;
    expect(cache.lookup('/x', undefined, stored.expiresAt)?.body.toString()).toBe('old');
    expect(cache.lookup('/x', undefined, now)).toBeUndefined();
    for (let i = 0; i < 10; i++) expect(cache.lookup('/x', undefined, now + i)?.body.toString()).toBe('old');
    put(cache, '/x', 'new');
    expect(cache.lookup('/x', undefined)?.body.toString()).toBe('new');
  });

  it('lets another reader try when a refresh never came back', () => {
    const cache = new HotCache();
    const stored = put(cache, '/x', 'old')!;
    const now = stored.expiresAt + 1;
    expect(cache.lookup('/x', undefined, now)).toBeUndefined();
    expect(cache.lookup('/x', undefined, now + 4_000)).toBeDefined();
    expect(cache.lookup('/x', undefined, now + 5_001)).toBeUndefined();
  });

  it('forgets an entry past its stale window', () => {
    const cache = new HotCache();
    const stored = put(cache, '/x', 'old')!;
    expect(cache.lookup('/x', undefined, stored.staleUntil + 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops everything at once on a content change', () => {
    const cache = new HotCache();
    put(cache, '/x', 'old');
    cache.clear();
    expect(cache.lookup('/x', undefined)).toBeUndefined();
  });
});

// Over the wire: when a cached read expires under a crowd, one request reaches the app.
describe('hot cache under a crowd at expiry', () => {
  let t: TestApp;
  let base = '';
  let routed = 0;
  // Long enough that the crowd (and the check after it) fits in the refreshed entry's lifetime on a busy machine.
  const TTL = 2_000;

  beforeAll(async () => {
    t = await buildTestApp({
      config: { readCacheTtlMs: TTL },
      seed: async (database) => { await createArticle(database); },
      beforeReady: (app) => app.addHook('onRequest', async (request) => { if (request.url.startsWith('/api/articles?')) routed++; }),
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it('sends one reader to the database and answers the other 49 from the expired entry', async () => {
    const url = `${base}/api/articles?page=1&limit=6`;
    const first = await (await fetch(url)).text();
    await new Promise((r) => setTimeout(r, TTL + 50));
    routed = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(url).then(async (r) => ({ status: r.status, body: await r.text() }))));
    expect(answers.every((a) => a.status === 200 && a.body === first)).toBe(true);
    expect(routed).toBe(1);
    // The refreshed entry is what the next reader gets, without reaching the app.
    const next = await fetch(url);
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(routed).toBe(1);
  });
});
