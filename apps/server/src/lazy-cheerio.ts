// cheerio's `load`, with the library read on its first use. Loading it costs about 30 MB and
// 0.18 s, and only ingestion and a few admin tools parse HTML with it: a process that only
// serves readers never does. Synchronous like the real `load`, so its callers stay as they are.
import { createRequire } from 'node:module';
import type * as Cheerio from 'cheerio';

let cheerio: typeof Cheerio | undefined;

export function load(...args: Parameters<typeof Cheerio.load>): ReturnType<typeof Cheerio.load> {
  cheerio ??= createRequire(import.meta.url)('cheerio') as typeof Cheerio;
  return cheerio.load(...args);
}
