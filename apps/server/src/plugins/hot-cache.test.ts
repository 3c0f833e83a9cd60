import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

// Real HTTP (not inject): hits are answered by the server's request handler before routing.
describe('hot cache on the wire', () => {
  let t: TestApp;
  let base = '';
  let routed = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 60_000, readCacheTtlMs: 60_000 },
      seed: async (database) => { await createArticle(database, { title: 'خبر نخست برای آزمون حافظه نهان' }); },
      beforeReady: (app) => app.addHook('onRequest', async () => { routed++; }),
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it('answers a repeat API read and a repeat page without entering the app', async () => {
    for (const path of ['/api/articles?page=1&limit=6', '/']) {
      const first = await fetch(base + path);
      expect(first.status).toBe(200);
      const before = routed;
      const second = await fetch(base + path);
      expect(second.status).toBe(200);
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(await second.text()).toBe(await first.text());
      expect(routed).toBe(before);
      // Security headers travel with cached answers too.
      expect(second.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('sends compressed variants and 304 for a matching ETag', async () => {
    const res = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag')!;
    const notModified = await fetch(`${base}/`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) => get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      }));
    });
    expect(gunzipSync(raw).toString()).toContain('<html lang="fa" dir="rtl">');
  });

  it('replaces the fast brotli variant with the smallest one made off the event loop', async () => {
    const rawBr = () => new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) => get(`${base}/`, { headers: { 'accept-encoding': 'br' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
      }));
    });
    const first = await rawBr();
    const page = brotliDecompressSync(first);
    const best = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
    let later = first;
    for (let i = 0; i < 50 && later.length !== best.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      later = await rawBr();
    }
    expect(later.length).toBe(best.length);
    expect(later.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(later).equals(page)).toBe(true);
  });

  it('never serves a cached page to a signed-in admin, and drops everything on a content change', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    await fetch(`${base}/`);
    const before = routed;
    await fetch(`${base}/`, { headers: { cookie } });
    expect(routed).toBe(before + 1);
    t.app.contentChanged();
    const after = await fetch(`${base}/`);
    expect(after.headers.get('x-cache')).not.toBe('HIT');
  });
});
