import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

const NEW_TITLE = 'خبر تازه‌ای که همین حالا منتشر شد';
/** How soon every reader must see a published article (the refresh's bound). */
const BOUND_MS = 3_000;

interface Answer { ms: number; status: number; cache: string; body: string; at: number }

// Readers keep their connections open, as browsers do: the crowd measures the server, not
// 50 connection set-ups in the test's own process.
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });

function read(base: string, path: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http.get(`${base}${path}`, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('error', reject).on('end', () => {
        const at = performance.now();
        resolve({ ms: at - started, status: res.statusCode ?? 0, cache: String(res.headers['x-page-cache'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), at });
      });
    }).on('error', reject);
  });
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1];

// Needs the web build; renders the real home page and serves it over HTTP.
describe('a publish under a crowd of readers', () => {
  let t: TestApp;
  let base: string;
  let newId: number;
  let renders = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 30_000, readCacheTtlMs: 30_000 },
      seed: async (database) => {
        for (let i = 1; i <= 8; i++) await createArticle(database, { title: `خبر پیشین شماره ${i} از میز خبر`, publishedAt: new Date(Date.now() - i * 3_600_000) });
        newId = (await createArticle(database, { title: NEW_TITLE, status: 'unpublished', publishedAt: new Date() })).id;
        await createArticle(database, { title: 'خبری دیگر در دسته اقتصاد', publishedAt: new Date(Date.now() - 20 * 3_600_000) });
      },
    });
    // Every render takes one fetcher for its data: the number of renders.
    const fetcher = t.app.pageData.fetcher.bind(t.app.pageData);
    t.app.pageData.fetcher = () => { renders++; return fetcher(); };
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it('answers 50 readers at once from the previous page while one render replaces it, then shows everyone the new article', async () => {
    const first = await read(base, '/');
    expect(first.status).toBe(200);
    expect(first.body).not.toContain(NEW_TITLE);
    // Later readers are answered by the HTTP handler's cache (and open their connections).
    const before = await Promise.all(Array.from({ length: 50 }, () => read(base, '/')));
    expect(before.map((a) => a.cache)).toEqual(Array(50).fill('HIT'));
    // The goal: p99 ≤ 50 ms. The one render that replaces the page runs on the same thread as
    // the answers, so a reader arriving during it waits for its CPU time (the home page takes
    // about 12 ms on an idle machine), never for a render of its own. On a machine too busy to
    // answer 50 cached readers and render once within 25 ms (other work on the same cores),
    // the latency goal cannot be told apart from the machine, and only what readers got is
    // checked (no reader's answer was rendered for it; one render in all).
    const floor = p99((await Promise.all(Array.from({ length: 50 }, () => read(base, '/')))).map((a) => a.ms));
    t.app.pageData.clear();
    const renderStarted = performance.now();
    expect((await t.app.inject({ method: 'GET', url: '/?measure=render' })).statusCode).toBe(200);
    const renderMs = performance.now() - renderStarted;
    const quiet = floor + renderMs <= 25;
    const machine = `this machine: 50 cached answers p99 ${floor.toFixed(1)} ms, one render ${renderMs.toFixed(1)} ms`;

    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const published = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${newId}/publish`, headers: { cookie, 'x-csrf-token': csrfToken } });
    expect(published.statusCode).toBe(200);
    const publishedAt = performance.now();
    const rendersBefore = renders;

    const crowd = await Promise.all(Array.from({ length: 50 }, () => read(base, '/')));
    expect(crowd.map((a) => a.status)).toEqual(Array(50).fill(200));
    // Nobody waited for a render: every reader got a page already made (none rendered for them).
    expect(crowd.filter((a) => a.cache === 'MISS')).toEqual([]);
    if (quiet) expect(p99(crowd.map((a) => a.ms)), machine).toBeLessThanOrEqual(50);
    else console.info(`publish under 50 readers: p99 ${p99(crowd.map((a) => a.ms)).toFixed(1)} ms; ${machine} (too busy to check the 50 ms goal)`);

    // One render replaces the page, and within the bound every reader sees the new article.
    let seen: Answer | undefined;
    while (!seen && performance.now() - publishedAt < BOUND_MS) {
      const answer = await read(base, '/');
      if (answer.body.includes(NEW_TITLE)) seen = answer;
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen, `the new article was not on the home page within ${BOUND_MS} ms`).toBeDefined();
    const after = await Promise.all(Array.from({ length: 50 }, () => read(base, '/')));
    for (const answer of after) expect(answer.body).toContain(NEW_TITLE);
    if (quiet) expect(p99(after.map((a) => a.ms)), machine).toBeLessThanOrEqual(50);
    expect(renders - rendersBefore).toBe(1);
  });

  it('drops the published article\'s own page at once (its old answer is never served)', async () => {
    const { cookie, csrfToken } = await loginAsAdmin(t.app);
    const page = await t.app.inject({ method: 'GET', url: `/article/${newId}` });
    expect(page.statusCode).toBe(301);
    const path = page.headers.location as string;
    const shown = await read(base, path);
    expect(shown.status).toBe(200);
    const off = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${newId}/unpublish`, headers: { cookie, 'x-csrf-token': csrfToken }, payload: {} });
    expect(off.statusCode).toBe(200);
    expect((await read(base, path)).status).toBe(404);
    expect((await fetch(`${base}/api/articles/${newId}`)).status).toBe(404);
  });
});
