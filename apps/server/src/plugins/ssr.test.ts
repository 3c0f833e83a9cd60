import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

// Needs the web build (`npm run build -w apps/web`); the test renders the real pages.
describe('server-side rendered pages', () => {
  let t: TestApp;
  const titles = ['نرخ تورم در آبان کاهش یافت', 'تیم ملی والیبال به فینال رسید', 'رونمایی از گوشی هوشمند ایرانی'];
  let firstId = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      ssr: true,
      config: { pageCacheTtlMs: 60_000, publicBaseUrl: 'https://chapar.test' },
      seed: async (database) => {
        for (const title of titles) {
          const row = await createArticle(database, { title, excerpt: `خلاصه: ${title}` });
          firstId ||= row.id;
        }
      },
    });
  });
  afterAll(() => t?.close());

  it('renders the home page in Persian, right to left, with the latest articles in the HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<html lang="fa" dir="rtl" class="no-js">/);
    for (const title of titles) expect(res.body).toContain(title);
    expect(res.body).toContain('<link rel="canonical" href="https://chapar.test/">');
    expect(res.body).toMatch(/<meta property="og:title" content="[^"]*چاپار/);
    expect(res.body).toContain('<meta property="og:locale" content="fa_IR">');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    // Data for hydration travels in a non-executing JSON script.
    expect(res.body).toContain('<script type="application/json" id="__chapar_state">');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(res.headers.etag).toBeTruthy();
  });

  it('lets no heading skip a level in the main content of a listing (a card under the h1 is an h2)', async () => {
    for (const url of ['/', '/category/economy', `/search?q=${encodeURIComponent('تورم')}`]) {
      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec((await t.app.inject({ method: 'GET', url })).body)![1];
      const levels = [...main.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      expect(levels[0], url).toBe(1);
      expect(levels.length, url).toBeGreaterThan(1);
      levels.forEach((level, i) => { if (i) expect(level, `${url}: heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual(levels[i - 1] + 1); });
    }
  });

  it('pages a category past its first twelve articles with plain links, and answers 404 past its last page', async () => {
    for (let i = 1; i <= 13; i++) await createArticle(t.database, { title: `خبر ورزشی شماره ${i} برای صفحه‌بندی`, category: 'Sports', publishedAt: new Date(Date.UTC(2026, 10, 1, i)) });
    const first = (await t.app.inject({ method: 'GET', url: '/category/sports' })).body;
    const cards = (html: string) => html.match(/<span class="line-clamp-3">خبر ورزشی شماره/g) ?? [];
    expect(cards(first)).toHaveLength(12);
    expect(first).toContain('خبر ورزشی شماره 13 برای صفحه‌بندی');
    expect(first).toMatch(/<a href="\/category\/sports\?page=2" rel="next"[^>]*>خبرهای قدیمی‌تر/);
    expect(first).not.toContain('خبرهای تازه‌تر');
    const second = await t.app.inject({ method: 'GET', url: '/category/sports?page=2' });
    expect(second.statusCode).toBe(200);
    expect(cards(second.body)).toHaveLength(1);
    expect(second.body).toContain('خبر ورزشی شماره 1 برای صفحه‌بندی');
    expect(second.body).toMatch(/<a href="\/category\/sports" rel="prev"[^>]*>.*خبرهای تازه‌تر/);
    expect(second.body).not.toContain('خبرهای قدیمی‌تر');
    expect(second.body).toContain('<link rel="canonical" href="https://chapar.test/category/sports?page=2">');
    expect(second.body).toContain('صفحهٔ ۲');
    expect((await t.app.inject({ method: 'GET', url: '/category/sports?page=3' })).statusCode).toBe(404);
  });

  it('preloads the one font file the stylesheet uses, and the icons come from a cached sprite', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const preloads = [...page.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toHaveLength(1);
    const cssHref = page.match(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"/)?.[1];
    const css = (await t.app.inject({ method: 'GET', url: cssHref! })).body;
    const faces = [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1].replace(/^\.?\/?(assets\/)?/, '/assets/'));
    expect(faces).toEqual([preloads[0]]);
    const sprite = page.match(/<use href="(\/assets\/icons-[^"#]+\.svg)#[a-z0-9-]+"/)?.[1];
    expect(sprite).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: sprite! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toContain('<symbol id="search"');
  });

  it('answers an unknown path with the 404 page and a 404 status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('صفحه یافت نشد');
    expect(res.body).toContain('href="/category/politics"');
    expect(res.body).toContain('href="/category/economy"');
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint?x=1' });
    expect(res.statusCode).toBe(404);
    // The method and path are isolated, so a right-to-left line does not mirror them.
    expect(res.json()).toEqual({ error: 'not_found', message: 'مسیر \u2066GET /api/no-such-endpoint\u2069 یافت نشد' });
  });

  it('answers a page address it cannot read with a Persian page and a way home, and the API with JSON', async () => {
    for (const [url, status, reason] of [
      ['/category/%ZZ', 400, 'کد درصدی نادرست'], ['/article/%D8', 400, 'کد درصدی نادرست'], ['/%ZZ', 400, 'کد درصدی نادرست'], ['/search?q=%00', 400, 'نویسه‌های نامعتبر'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toMatch(/^<!doctype html><html lang="fa" dir="rtl">/);
      expect(res.body, url).toContain('<h1>نشانی نادرست است</h1>');
      expect(res.body, url).toContain(reason);
      expect(res.body, url).toContain('<a href="/">بازگشت به صفحه اصلی</a>');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/articles/%ZZ' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: 'bad_request' });
  });

  it('answers 503 with Retry-After, never an empty category or a missing article, while the articles cannot be read, and keeps no such page', async () => {
    const article = await createArticle(t.database, { title: 'خبری که در لحظهٔ خرابی خوانده نمی‌شود', category: 'Health' });
    const urls = ['/category/health', `/article/${article.id}`];
    await t.database.raw.query('alter table articles rename to articles_away');
    try {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('30');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).toMatch(/<html lang="fa" dir="rtl"/);
      }
    } finally {
      await t.database.raw.query('alter table articles_away rename to articles');
    }
    // Nothing of the failure was kept: the pages are whole again at once.
    const category = await t.app.inject({ method: 'GET', url: urls[0] });
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('خبری که در لحظهٔ خرابی خوانده نمی‌شود');
    const moved = await t.app.inject({ method: 'GET', url: urls[1] });
    expect(moved.statusCode).toBe(301);
    const page = await t.app.inject({ method: 'GET', url: String(moved.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('خبری که در لحظهٔ خرابی خوانده نمی‌شود');
  });

  it('renders an article with its canonical address and NewsArticle data, and 404 for a missing one', async () => {
    const moved = await t.app.inject({ method: 'GET', url: `/article/${firstId}` });
    expect(moved.statusCode).toBe(301);
    const canonical = String(moved.headers.location);
    expect(decodeURI(canonical)).toMatch(new RegExp(`^/article/.+-${firstId}$`));
    const res = await t.app.inject({ method: 'GET', url: canonical });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1`);
    expect(res.body).toContain(titles[0]);
    expect(res.body).toContain('"@type":"NewsArticle"');
    // The breadcrumb the page shows, as structured data beside the article's.
    const data = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as { '@type': string; itemListElement?: Array<{ name: string; item: string }> });
    expect(data.map((d) => d['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
    expect(data[1].itemListElement!.map((i) => i.name)).toEqual(['خانه', expect.any(String), titles[0]]);
    expect(data[1].itemListElement![2].item).toBe(`https://chapar.test${canonical}`);
    expect(res.body).toMatch(/<link rel="canonical" href="https:\/\/chapar\.test\/article\/[^"]+-\d+">/);
    // A missing article's page says so and leads home (not the title alone over a loading skeleton),
    // at its own address and at its short one; the failed read goes to the browser, which hydrates the same.
    for (const url of ['/article/999999', '/article/old-title-999999', '/s/999999']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).toMatch(/<h1[^>]*>مقاله مورد نظر یافت نشد<\/h1>/);
      expect(missing.body, url).toContain('بازگشت به صفحه اصلی');
      expect(missing.body, url).not.toContain('aria-busy');
      const state = JSON.parse(/<script type="application\/json" id="__chapar_state">(.*?)<\/script>/s.exec(missing.body)![1]);
      expect(state.queries.queries.find((q: { queryKey: string[] }) => q.queryKey[0] === '/api/articles/999999')?.state).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('answers every other form of an article address with a 301 to the clean one', async () => {
    const clean = String((await t.app.inject({ method: 'GET', url: `/s/${firstId}` })).headers.location);
    for (const url of [`/article/old-slug-${firstId}`, `/article/${encodeURIComponent(clean.slice('/article/'.length))}`, `/article/${firstId}?utm_source=x`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(String(res.headers.location)).toBe(url.includes('?') ? `${clean}?utm_source=x` : clean);
    }
    expect((await t.app.inject({ method: 'GET', url: clean })).statusCode).toBe(200);
  });

  it('follows the article redirect table (884 → 885) with a 301 to the target', async () => {
    const { articleRedirects } = await import('@chapar/db');
    await t.database.db.insert(articleRedirects).values([{ fromId: 884, toId: 885 }, { fromId: 7001, toId: firstId }]).onConflictDoNothing();
    const legacy = await t.app.inject({ method: 'GET', url: '/article/884' });
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe('/article/885');
    const moved = await t.app.inject({ method: 'GET', url: '/s/7001' });
    expect(moved.statusCode).toBe(301);
    expect(decodeURI(String(moved.headers.location))).toMatch(new RegExp(`^/article/.+-${firstId}$`));
  });

  it('cleans the article body again when rendering it (rows changed behind the app)', async () => {
    const row = await createArticle(t.database, { title: 'خبر با کد ناامن', content: '<p>سالم</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">پیوند</a>' });
    const clean = String((await t.app.inject({ method: 'GET', url: `/article/${row.id}` })).headers.location);
    const res = await t.app.inject({ method: 'GET', url: clean });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>سالم</p><img src="x">');
    expect(res.body).not.toMatch(/onerror|<script>alert|javascript:/);
  });

  it('redirects a short link to the article address', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${firstId}` });
    expect(res.statusCode).toBe(301);
    expect(decodeURI(String(res.headers.location))).toMatch(new RegExp(`^/article/.+-${firstId}$`));
  });

  it('serves a second request from the page cache and drops it on pageCache.clear()', async () => {
    t.app.pageCache.clear();
    const first = await t.app.inject({ method: 'GET', url: '/trending' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    const second = await t.app.inject({ method: 'GET', url: '/trending' });
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    const notModified = await t.app.inject({ method: 'GET', url: '/trending', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    t.app.pageCache.clear();
    const third = await t.app.inject({ method: 'GET', url: '/trending' });
    expect(third.headers['x-page-cache']).toBe('MISS');
  });

  it('does not cache pages for a reader with a session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'chapar_sid=abc' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-page-cache']).toBeUndefined();
  });

  it('serves the admin area as a client-only shell that is not indexed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('serves hashed assets as immutable and never the raw template', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await t.app.inject({ method: 'GET', url: script! });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('<!--app-html-->');
  });
});
