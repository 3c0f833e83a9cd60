import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaAssets } from '@chapar/db';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { allNamed, firstNamed, parseXml } from '../../../testing/xml-tree.ts';
import { escapeXml } from './xml.ts';


let t: TestApp;
const BASE = 'https://chapar.example';
const hour = 3_600_000;
const made: Record<string, { id: number; title: string }> = {};

beforeAll(async () => {
  t = await buildTestApp({ config: { publicBaseUrl: BASE } });
  made.tricky = await createArticle(t.database, {
    title: 'قیمت «دلار» & طلا <امروز> \u0007',
    excerpt: 'خلاصه با <b>نشانه</b> و & و "نقل‌قول"',
    category: 'Economy',
    imageUrl: '/media/2026/عکس خبر.jpg',
    publishedAt: new Date(Date.now() - 1 * hour),
  });
  // Files of no article first: the cover's row id is not its article's id (a size read by the wrong id went unseen).
  await t.database.db.insert(mediaAssets).values(['a', 'b'].map((n) => ({ articleId: null, kind: 'image' as const, storageKey: `feeds-test/${n}.jpg`, url: `/media/feeds-test/${n}.jpg`, mimeType: 'image/jpeg', bytes: 1 })));
  await t.database.db.insert(mediaAssets).values({ articleId: made.tricky.id, kind: 'image', storageKey: 'feeds-test/cover.jpg', url: '/media/2026/عکس خبر.jpg', mimeType: 'image/jpeg', bytes: 26_210 });
  made.sport = await createArticle(t.database, { title: 'پیروزی تیم ملی', category: 'Sports', imageUrl: 'https://cdn.example/a.webp', publishedAt: new Date(Date.now() - 2 * hour) });
  made.old = await createArticle(t.database, { title: 'خبر سه روز پیش', category: 'Politics', publishedAt: new Date(Date.now() - 72 * hour) });
  made.hidden = await createArticle(t.database, { title: 'پیش‌نویس', status: 'unpublished', publishedAt: new Date(Date.now() - hour / 2) });
  for (let i = 0; i < 52; i++) {
    await createArticle(t.database, { title: `خبر قدیمی ${i}`, category: 'Culture', publishedAt: new Date(Date.now() - (100 + i) * hour) });
  }
});
afterAll(async () => { await t?.close(); });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('escapeXml', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml('<a href="x">&\'</a>\u0000\u001f\ud800')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});

describe('/rss.xml', () => {
  it('is well-formed RSS 2.0 of the 50 newest articles with absolute links', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(res.body);
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    const channel = firstNamed(rss, 'channel');
    expect(firstNamed(channel, 'atom:link').attrs).toMatchObject({ href: `${BASE}/rss.xml`, rel: 'self' });
    const items = allNamed(channel, 'item');
    expect(items).toHaveLength(50);
    const first = items[0];
    // The bell character cannot be carried by XML and is dropped; the rest comes back as written.
    expect(firstNamed(first, 'title').text).toBe('قیمت «دلار» & طلا <امروز> ');
    expect(firstNamed(first, 'description').text).toBe('خلاصه با <b>نشانه</b> و & و "نقل‌قول"');
    expect(firstNamed(first, 'guid')).toMatchObject({ text: `chapar-article-${made.tricky.id}`, attrs: { isPermaLink: 'false' } });
    expect(firstNamed(first, 'category').text).toBe('اقتصاد');
    const link = firstNamed(first, 'link').text;
    expect(link.startsWith(`${BASE}/article/`)).toBe(true);
    expect(link.endsWith(`-${made.tricky.id}`)).toBe(true);
    expect(decodeURI(link)).toContain('دلار');
    expect(firstNamed(first, 'pubDate').text).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    // A cover stored here has its size; one from elsewhere, 0 (RSS's value for 'not known').
    expect(firstNamed(first, 'enclosure').attrs).toEqual({ url: `${BASE}/media/2026/${encodeURIComponent('عکس خبر.jpg')}`, type: 'image/jpeg', length: '26210' });
    expect(firstNamed(items[1], 'enclosure').attrs).toEqual({ url: 'https://cdn.example/a.webp', type: 'image/webp', length: '0' });
    const guids = items.map((i) => firstNamed(i, 'guid').text);
    expect(guids).not.toContain(`chapar-article-${made.hidden.id}`);
    expect(allNamed(items[2], 'enclosure')).toHaveLength(0);
  });

  it('has a feed per category and 404 for an unknown one', async () => {
    const res = await get('/rss/sports.xml');
    expect(res.statusCode).toBe(200);
    const channel = firstNamed(parseXml(res.body), 'channel');
    expect(firstNamed(channel, 'title').text).toContain('ورزش');
    expect(allNamed(channel, 'item').map((i) => firstNamed(i, 'guid').text)).toEqual([`chapar-article-${made.sport.id}`]);
    expect(firstNamed(channel, 'atom:link').attrs.href).toBe(`${BASE}/rss/sports.xml`);
    expect((await get('/rss/astrology.xml')).statusCode).toBe(404);
    expect((await get('/rss/bad%20slug.xml')).statusCode).toBe(400);
  });

  it('is served from the read cache on repeat', async () => {
    const first = await get('/rss/culture.xml');
    const again = await get('/rss/culture.xml');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  });

  it('has no lastBuildDate while empty, so its body and ETag do not change with the clock', async () => {
    // No technology story and no podcast here: a build date taken from the clock made a new ETag
    // every second, and a reader's or directory's kept tag was answered in full.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const url of ['/rss/technology.xml', '/podcast.xml']) {
        vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
        t.app.hotCache.clear();
        const first = await get(url);
        vi.setSystemTime(new Date('2026-12-06T11:30:00Z'));
        t.app.hotCache.clear();
        const later = await get(url);
        expect(later.headers['x-cache'], url).not.toBe('HIT');
        expect(first.body, url).not.toContain('<item>');
        expect(first.body, url).not.toContain('lastBuildDate');
        expect(later.body, url).toBe(first.body);
        expect(later.headers.etag, url).toBe(first.headers.etag);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sitemaps', () => {
  it('lists home, categories and every published article with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(res.body);
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = allNamed(urlset, 'loc').map((l) => l.text);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/category/politics`);
    expect(locs.filter((l) => l.includes('/article/'))).toHaveLength(55);
    expect(locs.every((l) => l.startsWith(`${BASE}/`))).toBe(true);
    expect(locs.some((l) => l.endsWith(`-${made.hidden.id}`))).toBe(false);
    const articleUrls = allNamed(urlset, 'url').filter((u) => firstNamed(u, 'loc').text.includes('/article/'));
    expect(articleUrls.every((u) => !Number.isNaN(Date.parse(firstNamed(u, 'lastmod').text)))).toBe(true);
  });

  it('has a Google News sitemap of the last 48 hours', async () => {
    const res = await get('/news-sitemap.xml');
    expect(res.statusCode).toBe(200);
    const urlset = parseXml(res.body);
    expect(urlset.attrs['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = allNamed(urlset, 'url');
    expect(urls.map((u) => firstNamed(u, 'loc').text.split('-').pop())).toEqual([String(made.tricky.id), String(made.sport.id)]);
    const news = firstNamed(urls[1], 'news:news');
    expect(firstNamed(news, 'news:name').text).toBe('چاپار');
    expect(firstNamed(news, 'news:language').text).toBe('fa');
    expect(firstNamed(news, 'news:title').text).toBe('پیروزی تیم ملی');
    expect(Number.isNaN(Date.parse(firstNamed(news, 'news:publication_date').text))).toBe(false);
  });
});

describe('/robots.txt', () => {
  it('allows the site, keeps crawlers out of admin and names both sitemaps', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/admin');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines).toContain(`Sitemap: ${BASE}/news-sitemap.xml`);
  });
});
