// An address with an empty segment (`//x`, `/a//b`) is never rendered as a page of its own, never
// kept under its own cache key and never shows the admin area's shell: a public page answers
// 301 to the address with the slashes collapsed, anything else 404. Over a real socket, with the
// path exactly as written. Needs the web build (`npm run build -w apps/web`).
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comments } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

let t: TestApp;
let port: number;
let articleId: number;

beforeAll(async () => {
  t = await buildTestApp({
    ssr: true,
    config: { pageCacheTtlMs: 60_000, publicBaseUrl: 'https://chapar.test' },
    seed: async (database) => { articleId = (await createArticle(database, { title: 'خبری با نشانی درست' })).id; },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await t?.close(); });

interface RawAnswer { status: number; headers: string; body: string }

/** One request written byte for byte (no client normalises the path), on its own connection. */
function send(method: string, path: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
    const length = body ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` : '';
    socket.write(`${method} ${path} HTTP/1.1\r\nhost: chapar.test\r\nconnection: close\r\n${length}\r\n${body}`);
  });
}

const header = (answer: RawAnswer, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(answer.headers)?.[1]?.trim();

describe('addresses with an empty segment', () => {
  it.each([
    ['//x/path', '/x/path'],
    ['/a//b', '/a/b'],
    ['//', '/'],
    ['///evil.com', '/evil.com'],
    ['/category//Politics?page=2//3', '/category/Politics?page=2//3'],
  ])('GET %s answers 301 to %s, rendering nothing', async (path, location) => {
    const res = await send('GET', path);
    expect(res.status).toBe(301);
    expect(header(res, 'location')).toBe(location);
    expect(res.body).not.toContain('<html');
    expect(t.app.pageCache.lookup(path)).toBeUndefined();
    expect(t.app.hotCache.lookup(path, undefined)).toBeUndefined();
  });

  it('sends an article address with a doubled slash to the article', async () => {
    const res = await send('GET', `/article//${articleId}`);
    expect(res.status).toBe(301);
    expect(header(res, 'location')).toBe(`/article/${articleId}`);
    expect((await send('HEAD', `/article//${articleId}`)).status).toBe(301);
  });

  it.each(['//api/admin/articles', '//admin', '//admin/ignored', '/api//articles', '//api/articles', '//assets/x.js', '//\\evil.com'])('GET %s answers 404, never a page or the admin shell', async (path) => {
    const res = await send('GET', path);
    expect(res.status).toBe(404);
    expect(header(res, 'content-type')).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ error: 'not_found' });
    expect(res.body).not.toContain('rel="canonical"');
    expect(header(res, 'location')).toBeUndefined();
    expect(t.app.pageCache.lookup(path)).toBeUndefined();
  });

  it('refuses a write through an empty segment and stores nothing', async () => {
    const payload = JSON.stringify({ authorName: 'دوبل', content: 'نظر', captchaToken: 'x', captchaAnswer: '1' });
    const res = await send('POST', `//api/articles/${articleId}/comments`, payload);
    expect(res.status).toBe(404);
    expect((await send('POST', `/api/articles//${articleId}/comments`, payload)).status).toBe(404);
    expect(await t.database.db.select().from(comments).where(eq(comments.authorName, 'دوبل'))).toHaveLength(0);
  });

  it('leaves the admin area and pages without an empty segment as they were', async () => {
    expect((await send('GET', '/admin/ignored')).status).toBe(200);
    const home = await send('GET', '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://chapar.test/">');
    expect((await send('GET', '/admin/')).status).toBe(200);
  });
});
