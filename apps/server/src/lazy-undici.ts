// The undici package, read on its first use. Loading it costs about 20 MB and 0.1 s, and only
// ingestion (Telegram pages and media) uses it: a process that only serves readers never does.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  loaded ??= createRequire(import.meta.url)('undici') as typeof Undici;
  return loaded;
}
