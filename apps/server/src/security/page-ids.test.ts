// Article addresses whose id no integer column can hold name no article: 404, never 500.
// Needs the web build (`npm run build -w apps/web`), as the other rendered-page tests do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let id = 0;
beforeAll(async () => {
  t = await buildTestApp({ ssr: true, seed: async (database) => { id = (await createArticle(database, { title: 'نرخ تورم' })).id; } });
});
afterAll(async () => { await t?.close(); });

describe('article ids outside the integer range', () => {
  it.each([
    '/article/2147483648', '/s/2147483648', '/article/99999999999', '/article/%D8%AE%D8%A8%D8%B1-2147483648',
    '/s/9007199254740993', '/article/0', '/s/-1',
  ])('%s answers the 404 page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('a malformed percent-escape in the address answers 400 with a Persian page saying so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/article/%E0%A4%A-5' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>نشانی نادرست است</h1>');
    expect(res.body).toContain('کد درصدی نادرست');
  });

  it.each(['/api/articles/2147483648', '/api/articles/99999999999/related', '/api/articles/-5'])('%s answers 400 in JSON', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', message: expect.stringMatching(/[\u0600-\u06FF]/) });
  });

  it('an id in range still finds its article', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${id}` });
    expect(res.statusCode).toBe(301);
  });
});
