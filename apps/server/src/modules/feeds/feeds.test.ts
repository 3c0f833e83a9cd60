import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';
import { escapeXml } from './xml.ts';

interface XmlNode { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }

/** Strict XML parse (saxes: well-formedness and namespace errors throw) into a small tree. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  parser.on('error', (err) => { throw err; });
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.name, attrs: Object.fromEntries(Object.entries(tag.attributes).map(([k, a]) => [k, a.value])), children: [], text: '' };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => { stack[stack.length - 1].text += text; });
  parser.on('closetag', () => { stack.pop(); });
  parser.write(xml).close();
  return root.children[0];
}
const all = (node: XmlNode, name: string): XmlNode[] =>
  node.children.flatMap((c) => [...(c.name === name ? [c] : []), ...all(c, name)]);
const one = (node: XmlNode, name: string) => all(node, name)[0];

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
    const channel = one(rss, 'channel');
    expect(one(channel, 'atom:link').attrs).toMatchObject({ href: `${BASE}/rss.xml`, rel: 'self' });
    const items = all(channel, 'item');
    expect(items).toHaveLength(50);
    const first = items[0];
    // The bell character cannot be carried by XML and is dropped; the rest comes back as written.
    expect(one(first, 'title').text).toBe('قیمت «دلار» & طلا <امروز> ');
    expect(one(first, 'description').text).toBe('خلاصه با <b>نشانه</b> و & و "نقل‌قول"');
    expect(one(first, 'guid')).toMatchObject({ text: `chapar-article-${made.tricky.id}`, attrs: { isPermaLink: 'false' } });
    expect(one(first, 'category').text).toBe('اقتصاد');
    const link = one(first, 'link').text;
    expect(link.startsWith(`${BASE}/article/`)).toBe(true);
    expect(link.endsWith(`-${made.tricky.id}`)).toBe(true);
    expect(decodeURI(link)).toContain('دلار');
    expect(one(first, 'pubDate').text).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(one(first, 'enclosure').attrs).toMatchObject({ url: `${BASE}/media/2026/${encodeURIComponent('عکس خبر.jpg')}`, type: 'image/jpeg' });
    expect(one(items[1], 'enclosure').attrs).toMatchObject({ url: 'https://cdn.example/a.webp', type: 'image/webp' });
    const guids = items.map((i) => one(i, 'guid').text);
    expect(guids).not.toContain(`chapar-article-${made.hidden.id}`);
    expect(all(items[2], 'enclosure')).toHaveLength(0);
  });

  it('has a feed per category and 404 for an unknown one', async () => {
    const res = await get('/rss/sports.xml');
    expect(res.statusCode).toBe(200);
    const channel = one(parseXml(res.body), 'channel');
    expect(one(channel, 'title').text).toContain('ورزش');
    expect(all(channel, 'item').map((i) => one(i, 'guid').text)).toEqual([`chapar-article-${made.sport.id}`]);
    expect(one(channel, 'atom:link').attrs.href).toBe(`${BASE}/rss/sports.xml`);
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
});

describe('sitemaps', () => {
  it('lists home, categories and every published article with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(res.body);
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = all(urlset, 'loc').map((l) => l.text);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/category/politics`);
    expect(locs.filter((l) => l.includes('/article/'))).toHaveLength(55);
    expect(locs.every((l) => l.startsWith(`${BASE}/`))).toBe(true);
    expect(locs.some((l) => l.endsWith(`-${made.hidden.id}`))).toBe(false);
    const articleUrls = all(urlset, 'url').filter((u) => one(u, 'loc').text.includes('/article/'));
    expect(articleUrls.every((u) => !Number.isNaN(Date.parse(one(u, 'lastmod').text)))).toBe(true);
  });

  it('has a Google News sitemap of the last 48 hours', async () => {
    const res = await get('/news-sitemap.xml');
    expect(res.statusCode).toBe(200);
    const urlset = parseXml(res.body);
    expect(urlset.attrs['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = all(urlset, 'url');
    expect(urls.map((u) => one(u, 'loc').text.split('-').pop())).toEqual([String(made.tricky.id), String(made.sport.id)]);
    const news = one(urls[1], 'news:news');
    expect(one(news, 'news:name').text).toBe('چاپار');
    expect(one(news, 'news:language').text).toBe('fa');
    expect(one(news, 'news:title').text).toBe('پیروزی تیم ملی');
    expect(Number.isNaN(Date.parse(one(news, 'news:publication_date').text))).toBe(false);
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
