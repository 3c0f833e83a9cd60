import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';
import { HotCache, respond } from './hot-cache.ts';

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
    expect(gunzipSync(raw).toString()).toContain('<html lang="fa" dir="rtl" class="no-js">');
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

describe('respond', () => {
  const page = Buffer.from('<p>خبر</p>'.repeat(400));
  const entryOf = () => new HotCache().store('/x', 0, {
    body: page, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=30' }, ttlMs: 60_000, anonymousOnly: true,
  })!;

  it('answers each way with headers that describe its body, made once and kept while the body is the same', () => {
    const entry = entryOf();
    const plain = respond(entry, undefined, undefined);
    const br = respond(entry, undefined, 'gzip, br');
    const gz = respond(entry, undefined, 'gzip');
    const notModified = respond(entry, entry.etag, 'br');
    expect(plain.headers).toMatchObject({ 'content-length': page.length, 'x-cache': 'HIT', 'content-type': 'text/html; charset=utf-8', etag: entry.etag });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers).toMatchObject({ 'content-length': br.body!.length, 'content-encoding': 'br' });
    expect(brotliDecompressSync(br.body!).equals(page)).toBe(true);
    expect(gz.headers).toMatchObject({ 'content-length': gz.body!.length, 'content-encoding': 'gzip' });
    expect(notModified).toMatchObject({ status: 304, body: undefined });
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers.etag).toBe(entry.etag);
    // The next hit the same way answers with the same headers object.
    expect(respond(entry, undefined, 'br').headers).toBe(br.headers);
    expect(respond(entry, undefined, undefined).headers).toBe(plain.headers);
    expect(respond(entry, entry.etag, undefined).headers).toBe(notModified.headers);
  });

  it('makes new headers when a smaller variant replaces the body', () => {
    const entry = entryOf();
    const first = respond(entry, undefined, 'br');
    entry.br = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
    const later = respond(entry, undefined, 'br');
    expect(later.body).toBe(entry.br);
    expect(later.headers).not.toBe(first.headers);
    expect(later.headers['content-length']).toBe(entry.br.length);
    expect(first.headers['content-length']).toBe(first.body!.length);
  });
});
