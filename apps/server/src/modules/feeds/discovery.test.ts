// What machines find on the rendered pages: the feeds every page names (<link rel="alternate">),
// a category page's own feeds, the footer's feed links, the podcast player's subscribe link, and
// an article's share image and publisher logo with their real sizes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '@chapar/shared/text';
import { buildTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createArticle } from '../../../testing/factories.ts';

const BASE = 'https://chapar.example';
let t: TestApp;
let dataDir: string;
let article: { id: number; title: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'chapar-discovery-'));
  // A photo that is not 16:9, stored where local media lives.
  await mkdir(path.join(dataDir, 'media', 'tg', 'news', '7'), { recursive: true });
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  await writeFile(path.join(dataDir, 'media', 'tg', 'news', '7', '0-image.jpg'), photo);
  t = await buildTestApp({ ssr: true, config: { dataDir, publicBaseUrl: BASE } });
  article = await createArticle(t.database, {
    title: 'گزارش تازه درباره بازار کار', category: 'Economy', imageUrl: '/media/tg/news/7/0-image.jpg',
    podcastUrl: '/media/podcasts/1-a.mp3', podcastBytes: 1000, podcastDuration: 30,
  });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]+)" href="([^"]+)">/g)].map((m) => m[2]);
const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]+)">`).exec(html)?.[1];

describe('feed discovery', () => {
  it('names the site feed and the podcast on every public page, and a category\'s own feeds on its page', async () => {
    const site = [`${BASE}/rss.xml`, `${BASE}/podcast.xml`];
    for (const url of ['/', '/trending', '/search?q=بازار', articlePath(article)]) {
      expect(alternates(await page(url)), url).toEqual(site);
    }
    const category = alternates(await page('/category/economy'));
    expect(category).toEqual([...site, `${BASE}/rss/economy.xml`, `${BASE}/podcast/economy.xml`]);
    // Every named feed is there.
    for (const href of category) {
      const res = await t.app.inject({ url: new URL(href).pathname });
      expect(res.statusCode, href).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    }
  });

  it('links both feeds from the footer and the podcast feed from the article\'s player', async () => {
    const home = await page('/');
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toMatch(/<a href="\/rss\.xml" type="application\/rss\+xml"[^>]*>.*?خوراک خبرها<\/a>/);
    expect(footer).toMatch(/<a href="\/podcast\.xml" type="application\/rss\+xml"[^>]*>.*?پادکست<\/a>/);
    const html = await page(articlePath(article));
    const player = html.slice(html.indexOf('aria-label="نسخه صوتی خبر"'));
    expect(player).toMatch(/<a href="\/podcast\.xml" type="application\/rss\+xml"[^>]*>.*?اشتراک پادکست/);
  });
});

describe('article metadata', () => {
  it('states the share image\'s real size, and the publisher logo is a square of at least 112 px', async () => {
    const html = await page(articlePath(article));
    const image = meta(html, 'og:image')!;
    expect(image).toBe(`${BASE}/img/share/tg/news/7/0-image.jpg`);
    const shared = await t.app.inject({ url: new URL(image).pathname });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const size = await sharp(shared.rawPayload).metadata();
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual([String(size.width), String(size.height)]);

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]) as { publisher: { logo: { url: string; width: number; height: number } } };
    const { logo } = jsonLd.publisher;
    expect(logo.width).toBeGreaterThanOrEqual(112);
    const file = await t.app.inject({ url: new URL(logo.url).pathname });
    expect(file.statusCode).toBe(200);
    const logoSize = await sharp(file.rawPayload).metadata();
    expect(logoSize).toMatchObject({ format: 'png', width: logo.width, height: logo.height });
    expect(logoSize.width).toBe(logoSize.height);
  });

  it('keeps the default share image\'s size on pages without a photo', async () => {
    const html = await page('/');
    expect(meta(html, 'og:image')).toBe(`${BASE}/og-image.png`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
  });
});
