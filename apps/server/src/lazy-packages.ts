// Packages read on their first use, not when the server starts. Each costs megabytes and
// tens of milliseconds or more to load (start-up waits for every package loaded at the top),
// and only ingestion and a few admin tools use them: a process that only serves readers never
// does. Synchronous like the real imports, so their callers stay as they are.
import { createRequire } from 'node:module';
import type * as Cheerio from 'cheerio';
import type * as FetchSocks from 'fetch-socks';
import type SanitizeHtml from 'sanitize-html';
import type Sharp from 'sharp';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);

/** A package's exports, required the first time they are asked for and kept. */
function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

const cheerio = onFirstUse<typeof Cheerio>('cheerio'); // ~30 MB, 0.18 s: HTML parsing
/** undici (~20 MB, 0.1 s): Telegram pages and media. */
export const undici = onFirstUse<typeof Undici>('undici');
/** fetch-socks (with socks): undici through a SOCKS5 proxy, only when TELEGRAM_PROXY_URL is one. */
export const fetchSocks = onFirstUse<typeof FetchSocks>('fetch-socks');

/** cheerio's `load`. */
export function load(...args: Parameters<typeof Cheerio.load>): ReturnType<typeof Cheerio.load> {
  return cheerio().load(...args);
}

const loadSharp = onFirstUse<typeof Sharp>('sharp'); // 0.05 s and a native library: images
/** sharp, called as the package's own export is. */
export const sharp = ((...args: unknown[]) => Reflect.apply(loadSharp(), undefined, args)) as unknown as typeof Sharp;

const loadSanitizeHtml = onFirstUse<typeof SanitizeHtml>('sanitize-html'); // 0.05 s: posts and edited articles
/** sanitize-html's default export. */
export function sanitizeHtml(html: string, options?: SanitizeHtml.IOptions): string {
  return loadSanitizeHtml()(html, options);
}
