// Large article pages are for admin sessions: an anonymous reader gets at most what the public
// pages need, and neither answer is kept in a cache the other could be served from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUBLIC_LIMIT } from '@chapar/shared/contracts';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';

const TOTAL = MAX_PUBLIC_LIMIT + 15;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    config: { readCacheTtlMs: 30_000 },
    seed: async (database) => {
      for (let i = 0; i < TOTAL; i++) await createArticle(database, { publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000) });
    },
  });
});
afterAll(async () => { await t?.close(); });

const list = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/articles page sizes', () => {
  it(`gives an anonymous reader at most ${MAX_PUBLIC_LIMIT} articles however many are asked for`, async () => {
    const res = await list('/api/articles?limit=1000');
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBe(MAX_PUBLIC_LIMIT);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('gives an admin session the large page the admin table asks for', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    const res = await list('/api/articles?limit=1000', cookie);
    expect((res.json() as unknown[]).length).toBe(TOTAL);
  });

  it('never serves an admin\'s large page to an anonymous reader, nor the reverse', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    const url = '/api/articles?limit=500';
    expect((((await list(url, cookie)).json()) as unknown[]).length).toBe(TOTAL);
    expect((((await list(url)).json()) as unknown[]).length).toBe(MAX_PUBLIC_LIMIT);
    expect((((await list(url, cookie)).json()) as unknown[]).length).toBe(TOTAL);
  });

  it('still caches the small pages the public site reads', async () => {
    await list('/api/articles?limit=6');
    const again = await list('/api/articles?limit=6');
    expect(again.headers['x-cache']).toBe('HIT');
    expect((again.json() as unknown[]).length).toBe(6);
  });

  it('refuses a limit over the admin maximum with a Persian message', async () => {
    const res = await list('/api/articles?limit=5000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: 'تعداد حداکثر ۱۰۰۰ است' });
  });
});
