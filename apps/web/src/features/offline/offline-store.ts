import type { Article } from '@chapar/shared/contracts';
import { readStored, writeStored } from '../../lib/storage.ts';

/** Spec 02 §3, §9: the Cache Storage bucket and the record's version. */
export const OFFLINE_CACHE = 'articles-v1';
export const OFFLINE_VERSION = '1.0';
export const offlineRecordKey = (articleId: number) => `chapar:offline-article:${articleId}`;

export type OfflineRecord = Article & { cachedAt: string; version: typeof OFFLINE_VERSION };

export function readOfflineRecord(articleId: number): OfflineRecord | null {
  const text = readStored(offlineRecordKey(articleId));
  if (!text) return null;
  try {
    const record = JSON.parse(text) as OfflineRecord;
    return record.version === OFFLINE_VERSION ? record : null;
  } catch {
    return null;
  }
}

/** Images of the article: the cover and those in the body. */
function imageUrls(article: Article): string[] {
  const urls = new Set<string>();
  if (article.imageUrl) urls.add(article.imageUrl);
  for (const m of article.content.matchAll(/<(?:img|video)\b[^>]*?\s(?:src|poster)="([^"]+)"/g)) {
    if (!/\.(mp4|webm|mov)(\?|$)/i.test(m[1])) urls.add(m[1].replace(/&amp;/g, '&'));
  }
  return [...urls];
}

/** The scripts, styles and fonts this page runs on, so the saved copy starts offline too. */
function pageAssets(): string[] {
  const urls = new Set<string>(['/theme-init.js', '/favicon.svg']);
  const sameOrigin = (href: string) => {
    const url = new URL(href, location.href);
    if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname === '/sw.js')) urls.add(url.pathname);
  };
  for (const entry of performance.getEntriesByType('resource')) sameOrigin(entry.name);
  document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((s) => sameOrigin(s.src));
  document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet], link[rel=modulepreload], link[rel=preload]').forEach((l) => sameOrigin(l.href));
  urls.delete('/sw.js');
  return [...urls];
}

async function putUrl(cache: Cache, url: string): Promise<void> {
  const target = new URL(url, location.href);
  if (target.origin === location.origin) {
    await cache.add(target.pathname + target.search);
    return;
  }
  // Images on a CDN: an opaque answer can be kept and shown, just not read.
  const response = await fetch(target.href, { mode: 'no-cors', credentials: 'omit' });
  await cache.put(target.href, response);
}

/**
 * Saves the article for reading offline: its page, its API answer, its images and the
 * page's assets in the `articles-v1` bucket (the service worker answers from it when the
 * network is gone), and a local record with cachedAt and version '1.0'.
 */
export async function saveArticleOffline(article: Article, pagePath: string): Promise<void> {
  if (typeof caches === 'undefined') throw new Error('Cache Storage is not available');
  const cache = await caches.open(OFFLINE_CACHE);
  // The page and its data must be there; an image or asset that fails is not worth failing for.
  await Promise.all([putUrl(cache, encodeURI(pagePath)), putUrl(cache, `/api/articles/${article.id}`)]);
  await Promise.allSettled([...imageUrls(article), ...pageAssets()].map((url) => putUrl(cache, url)));
  const record: OfflineRecord = { ...article, cachedAt: new Date().toISOString(), version: OFFLINE_VERSION };
  writeStored(offlineRecordKey(article.id), JSON.stringify(record));
  if (!readStored(offlineRecordKey(article.id))) throw new Error('local storage is full or blocked');
}

/** Removes the saved copy (the shared assets stay for other saved articles). */
export async function removeArticleOffline(article: Article, pagePath: string): Promise<void> {
  writeStored(offlineRecordKey(article.id), null);
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all([encodeURI(pagePath), `/api/articles/${article.id}`, ...imageUrls(article)].map((url) => cache.delete(url)));
}
