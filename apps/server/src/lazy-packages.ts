// Packages read on their first use, not when the server starts. Each costs tens of megabytes
// and a tenth of a second or more to load, and only ingestion and a few admin tools use them:
// a process that only serves readers never does. Synchronous like the real imports, so
// their callers stay as they are.
import { createRequire } from 'node:module';
import type * as Cheerio from 'cheerio';
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

/** cheerio's `load`. */
export function load(...args: Parameters<typeof Cheerio.load>): ReturnType<typeof Cheerio.load> {
  return cheerio().load(...args);
}
