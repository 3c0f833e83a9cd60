import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

// Needs the web build (`npm run build -w apps/web`): the test renders the real category pages.
describe('category pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { publicBaseUrl: 'https://chapar.test' },
      seed: async (database) => {
        await createArticle(database, { title: 'تیم ملی والیبال به فینال رسید', category: 'Sports' });
      },
    });
  });
  afterAll(() => t?.close());

  /** The text a visitor reads: the page without its scripts, styles, comments and tags. */
  const visibleText = (html: string) =>
    html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]+>/g, ' ');
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

  it('shows a known category, indexable, with its Persian name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/category/sports' });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('ورزش | چاپار');
    expect(res.body).not.toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('تیم ملی والیبال به فینال رسید');
  });

  it.each(['/category/anything', '/category/Nope', '/category/new-section'])('answers %s for a visitor in Persian, with 404 and noindex', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(title(res.body)).toBe('دسته‌بندی ناشناخته | چاپار');
    expect(res.body).toMatch(/<h1[^>]*>دسته‌بندی ناشناخته<\/h1>/);
    // No English word anywhere a visitor reads it: title, headings, text.
    expect(visibleText(res.body)).not.toMatch(/[A-Za-z]{2,}/);
  });

  it('keeps the spec\'s fallback to the slug when the slug is Persian', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/category/${encodeURIComponent('خودرو')}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<h1[^>]*>خودرو<\/h1>/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('lists only the site\'s categories in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const categories = [...res.body.matchAll(/<loc>https:\/\/chapar\.test\/category\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(categories).toEqual(['politics', 'economy', 'technology', 'health', 'culture', 'sports', 'international', 'education']);
    expect(res.body).not.toContain('anything');
  });
});
