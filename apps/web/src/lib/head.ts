import { useEffect } from 'react';
import { feedPaths, RSS_TYPE } from '@chapar/shared/text';

export const SITE_NAME = 'چاپار';
export const SITE_TAGLINE = 'آخرین اخبار ایران و جهان';
export const DEFAULT_DESCRIPTION = 'چاپار؛ تازه‌ترین اخبار سیاسی، اقتصادی، فناوری، ورزشی و فرهنگی ایران و جهان، سریع و خلاصه.';
/** Share image of spec 01 §1: 1200 × 630. */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };
/** The organisation's logo for search engines (Google asks for at least 112 × 112): public/logo.png. */
export const SITE_LOGO = { path: '/logo.png', size: 512 };

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageHead {
  title: string;
  description?: string;
  /** Path (and query) of the canonical address. */
  path: string;
  image?: string | null;
  /** The image's real size in pixels, when it is known (og:image:width, og:image:height). */
  imageSize?: { width: number; height: number } | null;
  imageAlt?: string | null;
  /** Feeds of this page besides the site's own (a category's), named in <link rel="alternate">. */
  feeds?: Array<{ title: string; path: string }>;
  type?: 'website' | 'article';
  noindex?: boolean;
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  /** article:tag, one tag each. */
  tags?: string[];
  /** Large previews in search results and link cards (articles with an image). */
  largeImagePreview?: boolean;
  /** Structured data: one script per object. */
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | ${SITE_TAGLINE}`;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script>: '<' escaped so no string can close the tag. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function encodePath(path: string): string {
  try {
    return encodeURI(decodeURI(path));
  } catch {
    return encodeURI(path);
  }
}

export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${baseUrl.replace(/\/$/, '')}${encodePath(pathOrUrl)}`;
}

/** Every public page names the site's feed and its podcast, so readers and directories find them. */
export const SITE_FEEDS = [
  { title: `${SITE_NAME} — همه خبرها`, path: feedPaths.site() },
  { title: `${SITE_NAME} — پادکست خبر`, path: feedPaths.podcast() },
];

/** The <head> tags of a server-rendered page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function renderHeadTags(head: PageHead, baseUrl: string): string {
  const title = escapeAttr(head.title);
  const description = escapeAttr(head.description ?? DEFAULT_DESCRIPTION);
  const url = escapeAttr(absoluteUrl(baseUrl, head.path));
  const image = escapeAttr(absoluteUrl(baseUrl, head.image || DEFAULT_SHARE_IMAGE.path));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${url}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    !head.noindex && head.largeImagePreview ? '<meta name="robots" content="index, follow, max-image-preview:large">' : '',
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    '<meta property="og:locale" content="fa_IR">',
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    sizeTags(head.image ? head.imageSize : DEFAULT_SHARE_IMAGE),
    head.imageAlt ? `<meta property="og:image:alt" content="${escapeAttr(head.imageAlt)}">` : '',
    head.publishedTime ? `<meta property="article:published_time" content="${escapeAttr(head.publishedTime)}">` : '',
    head.modifiedTime ? `<meta property="article:modified_time" content="${escapeAttr(head.modifiedTime)}">` : '',
    head.section ? `<meta property="article:section" content="${escapeAttr(head.section)}">` : '',
    ...(head.tags ?? []).map((tag) => `<meta property="article:tag" content="${escapeAttr(tag)}">`),
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    ...[...SITE_FEEDS, ...(head.feeds ?? [])].map((feed) => `<link rel="alternate" type="${RSS_TYPE}" title="${escapeAttr(feed.title)}" href="${escapeAttr(absoluteUrl(baseUrl, feed.path))}">`),
    ...(head.jsonLd ? [head.jsonLd].flat() : []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

function sizeTags(size: { width: number; height: number } | null | undefined): string {
  return size ? `<meta property="og:image:width" content="${size.width}"><meta property="og:image:height" content="${size.height}">` : '';
}

/** Client navigation: keep the tab title and description in step with the page. */
export function useDocumentHead(head: Pick<PageHead, 'title' | 'description'>): void {
  const { title, description } = head;
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
