import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';

export interface HotEntry {
  body: Buffer;
  headers: OutgoingHttpHeaders;
  etag: string;
  expiresAt: number;
  /** Past `expiresAt` and until this, readers get the entry while one of them refreshes it. */
  staleUntil: number;
  /** When the reader refreshing a stale entry was let through (0: nobody is). */
  refreshingSince: number;
  /** Rendered pages differ for a signed-in admin: only anonymous requests may be served. */
  anonymousOnly: boolean;
  gzip?: Buffer;
  br?: Buffer;
  /** Encodings whose best-compression variant has been asked for (made off the event loop). */
  upgrading?: Set<'br' | 'gzip'>;
}

const MAX_ENTRIES = 5_000;
/** A refresh that has not replaced its stale entry by then lets the next reader try. */
const REFRESH_TIMEOUT_MS = 5_000;
/** Set on a raw request the HTTP handler already looked up, so the app does not look again. */
export const LOOKED_UP = Symbol('hot-cache looked up');
const COMPRESS_MIN_BYTES = 1024;
const SESSION_COOKIE_MARK = 'chapar_sid=';

/**
 * Finished responses to public GETs, kept in memory briefly and dropped on any content change.
 * A hit is answered straight from the HTTP server's request handler, before routing, hooks or
 * the database, with compressed variants made once per entry.
 *
 * When an entry's time is up, the next reader goes through the app to refresh it while everyone
 * else keeps getting the entry (stale-while-revalidate), so a crowd never waits on the database
 * at the moment an entry expires: the crowd used to miss all at once, and each reader queued a
 * query behind the others (p99 of a cached list 782 ms under 200 readers).
 */
export class HotCache {
  private readonly entries = new Map<string, HotEntry>();
  private generationValue = 0;

  get generation(): number { return this.generationValue; }
  get size(): number { return this.entries.size; }

  clear(): void {
    this.generationValue++;
    this.entries.clear();
  }

  /**
   * The entry to answer with, or undefined when the request must go through the app: nothing
   * kept, a signed-in reader for an anonymous-only entry, or this reader refreshes a stale entry.
   */
  lookup(url: string, cookie: string | undefined, now = Date.now()): HotEntry | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (entry.anonymousOnly && cookie?.includes(SESSION_COOKIE_MARK)) return undefined;
    if (entry.expiresAt >= now) return entry;
    if (entry.staleUntil < now) {
      this.entries.delete(url);
      return undefined;
    }
    if (entry.refreshingSince && now - entry.refreshingSince < REFRESH_TIMEOUT_MS) return entry;
    entry.refreshingSince = now;
    return undefined;
  }

  /** Stores a response unless content changed while it was being produced. */
  store(url: string, startedGeneration: number, input: { body: string | Buffer; headers: OutgoingHttpHeaders; ttlMs: number; anonymousOnly: boolean }): HotEntry | undefined {
    if (startedGeneration !== this.generationValue || input.ttlMs <= 0) return undefined;
    const body = typeof input.body === 'string' ? Buffer.from(input.body) : input.body;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(input.headers)) {
      if (value === undefined || ['content-length', 'set-cookie', 'content-encoding', 'x-cache', 'etag', 'vary'].includes(name)) continue;
      headers[name] = value;
    }
    headers.etag = etag;
    headers.vary = 'accept-encoding';
    const now = Date.now();
    const expiresAt = now + input.ttlMs;
    const entry: HotEntry = {
      body, headers, etag, expiresAt, staleUntil: expiresAt + Math.max(input.ttlMs, 5_000), refreshingSince: 0, anonymousOnly: input.anonymousOnly,
    };
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(url, entry);
    return entry;
  }

  /** Answers a raw request from the cache; false when it must go through the app. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const entry = this.lookup(req.url ?? '', req.headers.cookie);
    if (!entry) {
      (req as IncomingMessage & { [LOOKED_UP]?: boolean })[LOOKED_UP] = true;
      return false;
    }
    const { status, headers, body } = respond(entry, req.headers['if-none-match'], req.headers['accept-encoding']);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}

/** A fast variant now, for the first reader; the smallest variant a moment later, for the rest. */
const FAST_BR = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
const FAST_GZIP = { level: 6 };
const BEST_BR = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
const BEST_GZIP = { level: 9 };

/**
 * Entries live for many requests, so their compressed variants are worth the best settings:
 * brotli 11 makes a page about a fifth smaller than brotli 5 but takes ~150 ms for a home page,
 * so it runs on libuv's thread pool and replaces the fast variant when it is done. Only encodings
 * readers ask for are made, so an entry holds no variant nobody reads.
 */
function upgrade(entry: HotEntry, encoding: 'br' | 'gzip'): void {
  entry.upgrading ??= new Set();
  if (entry.upgrading.has(encoding)) return;
  entry.upgrading.add(encoding);
  if (encoding === 'br') brotliCompress(entry.body, BEST_BR, (error, best) => { if (!error && best.length < (entry.br?.length ?? Infinity)) entry.br = best; });
  else gzip(entry.body, BEST_GZIP, (error, best) => { if (!error && best.length < (entry.gzip?.length ?? Infinity)) entry.gzip = best; });
}

/** Status, headers and body for an entry, honouring If-None-Match and Accept-Encoding. */
export function respond(entry: HotEntry, ifNoneMatch: string | undefined, acceptEncoding: string | string[] | undefined) {
  if (ifNoneMatch === entry.etag) return { status: 304, headers: { ...entry.headers, 'x-cache': 'HIT' }, body: undefined };
  const accept = String(acceptEncoding ?? '');
  let body = entry.body;
  let encoding: 'br' | 'gzip' | undefined;
  if (entry.body.length >= COMPRESS_MIN_BYTES) {
    if (accept.includes('br')) {
      entry.br ??= brotliCompressSync(entry.body, FAST_BR);
      body = entry.br;
      encoding = 'br';
    } else if (accept.includes('gzip')) {
      entry.gzip ??= gzipSync(entry.body, FAST_GZIP);
      body = entry.gzip;
      encoding = 'gzip';
    }
    if (encoding) upgrade(entry, encoding);
  }
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-length': body.length, 'x-cache': 'HIT' };
  if (encoding) headers['content-encoding'] = encoding;
  return { status: 200, headers, body };
}
