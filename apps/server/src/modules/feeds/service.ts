import { CATEGORIES, articlePath, categoryFaName } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { feedRepo } from './repo.ts';
import { XML_DECLARATION, el, empty } from './xml.ts';

export const FEED_ITEMS = 50;
/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const NEWS_WINDOW_MS = 48 * 3_600_000;
export const NEWS_MAX_URLS = 1_000;

export interface FeedSite {
  /** Absolute, without a trailing slash (config.publicBaseUrl). */
  baseUrl: string;
  siteName: string;
}

/** An absolute, percent-encoded URL for a stored path or URL; null if it cannot be one. */
export function absoluteUrl(site: FeedSite, pathOrUrl: string): string | null {
  const raw = /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${site.baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  try {
    return new URL(raw).href;
  } catch {
    return null;
  }
}

export const articleUrl = (site: FeedSite, a: { id: number; title: string }) => absoluteUrl(site, articlePath(a)) ?? `${site.baseUrl}/article/${a.id}`;

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' };
const imageType = (url: string) => IMAGE_TYPES[/\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''] ?? 'image/jpeg';

type FeedArticle = Awaited<ReturnType<typeof feedRepo.latest>>[number];

function rssItem(site: FeedSite, a: FeedArticle): string {
  const image = a.imageUrl ? absoluteUrl(site, a.imageUrl) : null;
  const podcast = a.podcastUrl ? absoluteUrl(site, a.podcastUrl) : null;
  return [
    '<item>',
    el('title', a.title),
    el('link', articleUrl(site, a)),
    el('guid', `chapar-article-${a.id}`, { isPermaLink: 'false' }),
    el('pubDate', a.publishedAt.toUTCString()),
    el('description', a.excerpt || a.metaDescription || ''),
    el('category', categoryFaName(a.category)),
    // One enclosure per item: the podcast where there is one (so a podcast app can subscribe),
    // else the cover image, at its stored size. RSS requires a length; 0 is the accepted value
    // when it is not known (an image from elsewhere, a podcast made before sizes were kept).
    podcast ? empty('enclosure', { url: podcast, type: 'audio/mpeg', length: a.podcastBytes ?? 0 })
      : image ? empty('enclosure', { url: image, type: imageType(image), length: a.imageBytes ?? 0 }) : '',
    podcast && a.podcastDuration ? el('itunes:duration', String(a.podcastDuration)) : '',
    podcast && image ? empty('itunes:image', { href: image }) : '',
    '</item>',
  ].join('');
}

function rss(site: FeedSite, channel: { title: string; path: string; selfPath: string; description: string }, items: FeedArticle[]): string {
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>',
    el('title', channel.title),
    el('link', absoluteUrl(site, channel.path)),
    el('description', channel.description),
    el('language', 'fa'),
    // The newest item's date; an empty feed has none, so its body and ETag do not change with the clock.
    el('lastBuildDate', items[0]?.publishedAt.toUTCString()),
    empty('atom:link', { href: absoluteUrl(site, channel.selfPath) ?? '', rel: 'self', type: 'application/rss+xml' }),
    ...items.map((a) => rssItem(site, a)),
    '</channel></rss>',
  ].join('\n');
}

/** /rss.xml: the 50 newest articles. */
export async function siteFeed(db: Db, site: FeedSite): Promise<string> {
  const items = await feedRepo.latest(db, { limit: FEED_ITEMS });
  return rss(site, { title: site.siteName, path: '/', selfPath: '/rss.xml', description: `${site.siteName}: تازه‌ترین خبرهای ایران و جهان` }, items);
}

/** /rss/{slug}.xml: the 50 newest of one category; 404 for a slug that is not one. */
export async function categoryFeed(db: Db, site: FeedSite, slug: string): Promise<string> {
  const category = CATEGORIES.find((c) => c.slug === slug.toLowerCase());
  if (!category) throw notFound('دسته‌بندی مورد نظر یافت نشد');
  const items = await feedRepo.latest(db, { limit: FEED_ITEMS, category: category.name });
  return rss(site, {
    title: `${site.siteName} — ${category.nameFa}`,
    path: `/category/${category.slug}`,
    selfPath: `/rss/${category.slug}.xml`,
    description: category.description,
  }, items);
}

const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** /sitemap.xml: home, category pages and every published article (newest 50 000). */
export async function sitemap(db: Db, site: FeedSite): Promise<string> {
  const rows = await feedRepo.forSitemap(db, SITEMAP_MAX_URLS - CATEGORIES.length - 1);
  const url = (loc: string | null, extra = '') => `<url>${el('loc', loc)}${extra}</url>`;
  return [
    XML_DECLARATION,
    `${URLSET}>`,
    url(absoluteUrl(site, '/'), el('changefreq', 'hourly')),
    ...CATEGORIES.map((c) => url(absoluteUrl(site, `/category/${c.slug}`), el('changefreq', 'hourly'))),
    ...rows.map((a) => url(articleUrl(site, a), el('lastmod', a.updatedAt.toISOString()))),
    '</urlset>',
  ].join('\n');
}

/** /news-sitemap.xml: Google News sitemap of the last 48 hours (at most 1000 articles). */
export async function newsSitemap(db: Db, site: FeedSite, now = new Date()): Promise<string> {
  const rows = await feedRepo.publishedSince(db, new Date(now.getTime() - NEWS_WINDOW_MS), NEWS_MAX_URLS);
  const publication = `<news:publication>${el('news:name', site.siteName)}${el('news:language', 'fa')}</news:publication>`;
  return [
    XML_DECLARATION,
    `${URLSET} xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">`,
    ...rows.map((a) => [
      '<url>', el('loc', articleUrl(site, a)),
      '<news:news>', publication, el('news:publication_date', a.publishedAt.toISOString()), el('news:title', a.title), '</news:news>',
      '</url>',
    ].join('')),
    '</urlset>',
  ].join('\n');
}

/** /robots.txt: everything but the admin area, and where both sitemaps are. */
export function robotsTxt(site: FeedSite): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/admin',
    '',
    `Sitemap: ${absoluteUrl(site, '/sitemap.xml')}`,
    `Sitemap: ${absoluteUrl(site, '/news-sitemap.xml')}`,
    '',
  ].join('\n');
}
