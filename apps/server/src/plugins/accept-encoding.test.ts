// Cached answers honour Accept-Encoding's q-values: q=0 refuses an encoding, `*;q=0` every one
// not named, and the answer says it varies by the header.
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';
import { acceptedEncoding } from './accept-encoding.ts';

// Needs the web build (`npm run build -w apps/web`) for the pages.
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({
    ssr: true,
    config: { pageCacheTtlMs: 60_000, readCacheTtlMs: 60_000 },
    seed: async (database) => {
      for (let i = 1; i <= 6; i++) await createArticle(database, { title: `خبر شماره ${i} دربارهٔ بازار`, excerpt: 'خلاصه‌ای به اندازهٔ کافی بلند برای فشرده شدن. '.repeat(4) });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await t?.close(); });

/** Decodes a body by its Content-Encoding. */
const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

const CASES: Array<[string, string | undefined]> = [
  ['br;q=0, gzip;q=0, identity', undefined],
  ['*;q=0', undefined],
  ['br;q=0, *', 'gzip'],
  ['gzip;q=0.5, br;q=0', 'gzip'],
  ['gzip, deflate, br', 'br'],
];

describe('a cached page through the app (page cache)', () => {
  it.each(CASES)('%s → %s', async (accept, expected) => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBe('HIT');
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(decoded(res.rawPayload, expected)).toBe(plain.body);
  });
});

describe('a cached API read through the app (read cache)', () => {
  it.each(CASES)('%s → %s', async (accept, expected) => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/articles' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const res = await t.app.inject({ method: 'GET', url: '/api/articles', headers: { 'accept-encoding': accept } });
    expect(res.headers['x-cache']).toBe('HIT');
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(decoded(res.rawPayload, expected)).toBe(plain.body);
  });
});

describe('an answer left whole', () => {
  it('still says it varies by Accept-Encoding: a first read, a feed, a stylesheet, a small one', async () => {
    const css = /href="(\/assets\/[^"]+\.css)"/.exec((await t.app.inject({ method: 'GET', url: '/' })).body)![1];
    for (const url of ['/api/articles?limit=1&page=2', '/rss.xml', css, '/api/categories']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers.vary, url).toContain('accept-encoding');
      expect(String(res.headers.vary).match(/accept-encoding/g), url).toHaveLength(1);
    }
    // A compressed answer names it once too.
    const br = await t.app.inject({ method: 'GET', url: '/rss.xml', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).match(/accept-encoding/g)).toHaveLength(1);
  });
});

describe('a cached page answered by the HTTP handler (hot cache)', () => {
  const raw = (accept: string) => new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(`${base}/`, { headers: { 'accept-encoding': accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) })).on('error', reject);
    }).on('error', reject);
  });

  it.each(CASES)('%s → %s', async (accept, expected) => {
    const plain = await raw('identity');
    const res = await raw(accept);
    expect(res.headers['x-cache']).toBe('HIT');
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(decoded(res.body, expected)).toBe(plain.body.toString('utf8'));
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['BR', 'br'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0, identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, *', 'gzip'],
    ['br;q=0, gzip;q=0.000, *', undefined],
    ['*;q=0', undefined],
    ['*;q=0, identity', undefined],
    ['gzip;q=0.8, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, identity', undefined],
    [' br ; q=0 , gzip ', 'gzip'],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
    [['gzip;q=0.1', 'br;q=0'], 'gzip'],
  ] as Array<[string | string[] | undefined, string | undefined]>)('%j → %s', (header, expected) => {
    // Twice: the remembered answer is the same as the first.
    expect(acceptedEncoding(header)).toBe(expected);
    expect(acceptedEncoding(header)).toBe(expected);
  });

  it('answers the same after many different headers have come and gone', () => {
    for (let i = 0; i < 200; i++) expect(acceptedEncoding(`gzip;q=0.${i % 10}, x-${i}`)).toBe(i % 10 === 0 ? undefined : 'gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0, identity')).toBeUndefined();
    expect(acceptedEncoding('gzip, br')).toBe('br');
  });
});

