import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

const CSP = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;media-src 'self' blob: https:;font-src 'self';connect-src 'self';frame-ancestors 'self';base-uri 'self';form-action 'self';object-src 'none'";

describe('security headers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ ssr: true, seed: async (database) => { await createArticle(database, { title: 'خبر آزمون سرآیندهای امنیتی' }); } });
  });
  afterAll(() => t?.close());

  it('go with every kind of answer: a page, an API read, a refused input, a missing address, an asset', async () => {
    const answers = [
      await t.app.inject({ url: '/' }),
      await t.app.inject({ url: '/api/articles?limit=1' }),
      await t.app.inject({ url: '/api/articles?limit=abc' }),
      await t.app.inject({ url: '/api/no-such-thing' }),
      await t.app.inject({ url: '/admin/login' }),
      await t.app.inject({ url: '/favicon.svg' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 400, 404, 200, 200]);
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toBe(CSP);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-site');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  it('lets other sites load media, feeds, covers, the share image and the logo; pages and the API stay same-site', async () => {
    for (const url of ['/og-image.png', '/logo.png', '/podcast.xml', '/rss.xml', '/podcast-cover.jpg', '/media/podcasts/1-a.mp3', '/img/w480/a.jpg']) {
      const res = await t.app.inject({ url });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['content-security-policy'], url).toBe(CSP);
    }
    for (const url of ['/', '/category/economy', '/api/articles?limit=1', '/podcasts', '/admin/login', '/mediafile']) {
      expect((await t.app.inject({ url })).headers['cross-origin-resource-policy'], url).toBe('same-site');
    }
  });
});
