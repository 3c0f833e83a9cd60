import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import { etagOf } from '@chapar/shared/node-render';
import { acceptedEncoding } from './accept-encoding.ts';
import { namesEtag } from './if-none-match.ts';

export interface HotEntry {
  url: string;
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
  /** Tells the cache the entry's variants changed size (`before`: its size until then). */
  grew?: (before: number) => void;
  /** The headers each way of sending the entry answers with, kept with the body they describe. */
  sent?: Partial<Record<SentAs, { body: Buffer | undefined; headers: OutgoingHttpHeaders }>>;
}

type SentAs = 'br' | 'gzip' | 'identity' | 'not-modified';

const sizeOf = (entry: HotEntry) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 512;

const MAX_ENTRIES = 5_000;
/**
 * Bytes of bodies and compressed variants held at most. Without it a crawler walking the
 * archive filled 5,000 entries of ~80 KB each (a page and its variants): hundreds of MB.
 */
const MAX_BYTES = 48 * 1024 * 1024;
/** How long an entry whose content changed may still be served while one reader refreshes it. */
const CHANGED_STALE_MS = 10_000;
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
  private versionValue = 0;
  private bytesValue = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get generation(): number { return this.generationValue; }
  /** Moves on every change, clear() or changed(). */
  get version(): number { return this.versionValue; }
  get size(): number { return this.entries.size; }
  /** Bytes of bodies and compressed variants held. */
  get bytes(): number { return this.bytesValue; }

  clear(): void {
    this.generationValue++;
    this.versionValue++;
    this.entries.clear();
    this.bytesValue = 0;
  }

  /**
   * A content change that names what it affects: entries `drop` names go, every other entry
   * becomes stale, so readers keep getting it while one of them refreshes it.
   */
  changed(drop: (url: string) => boolean, now = Date.now()): void {
    this.versionValue++;
    for (const [url, entry] of [...this.entries]) {
      if (drop(url)) this.remove(url);
      else if (entry.expiresAt >= now) {
        entry.expiresAt = now - 1;
        entry.staleUntil = now + CHANGED_STALE_MS;
        entry.refreshingSince = 0;
      }
    }
  }

  private remove(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.bytesValue -= sizeOf(entry);
    this.entries.delete(url);
  }

  /** A compressed variant was added to an entry still held. */
  private grew(entry: HotEntry, before: number): void {
    if (this.entries.get(entry.url) === entry) this.bytesValue += sizeOf(entry) - before;
    this.evict();
  }

  private evict(): void {
    while (this.entries.size > 1 && this.bytesValue > this.maxBytes) this.remove(this.entries.keys().next().value as string);
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
      this.remove(url);
      return undefined;
    }
    if (entry.refreshingSince && now - entry.refreshingSince < REFRESH_TIMEOUT_MS) return entry;
    entry.refreshingSince = now;
    return undefined;
  }

  /**
   * Stores a response unless everything was dropped while it was being produced
   * (`startedGeneration`); one produced across a changed() (`startedVersion`) is kept as stale.
   */
  store(url: string, startedGeneration: number, input: { body: string | Buffer; headers: OutgoingHttpHeaders; ttlMs: number; anonymousOnly: boolean }, startedVersion = this.versionValue): HotEntry | undefined {
    if (startedGeneration !== this.generationValue || input.ttlMs <= 0) return undefined;
    const body = typeof input.body === 'string' ? Buffer.from(input.body) : input.body;
    // The same tag the page had when it was rendered (etagOf): a browser that kept it gets 304 here too.
    const etag = etagOf(body);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(input.headers)) {
      if (value === undefined || ['content-length', 'set-cookie', 'content-encoding', 'x-cache', 'etag', 'vary'].includes(name)) continue;
      headers[name] = value;
    }
    headers.etag = etag;
    headers.vary = 'accept-encoding';
    const now = Date.now();
    const expiresAt = startedVersion === this.versionValue ? now + input.ttlMs : now - 1;
    const entry: HotEntry = {
      url, body, headers, etag, expiresAt, staleUntil: expiresAt + Math.max(input.ttlMs, 5_000), refreshingSince: 0, anonymousOnly: input.anonymousOnly,
      grew: (before) => this.grew(entry, before),
    };
    this.remove(url);
    if (this.entries.size >= MAX_ENTRIES) this.remove(this.entries.keys().next().value as string);
    this.entries.set(url, entry);
    this.bytesValue += sizeOf(entry);
    this.evict();
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
  const replace = (key: 'br' | 'gzip') => (error: Error | null, best: Buffer) => {
    if (error || best.length >= (entry[key]?.length ?? Infinity)) return;
    const before = sizeOf(entry);
    entry[key] = best;
    entry.grew?.(before);
  };
  if (encoding === 'br') brotliCompress(entry.body, BEST_BR, replace('br'));
  else gzip(entry.body, BEST_GZIP, replace('gzip'));
}

/**
 * The headers of an entry sent one way, made at its first such answer and kept while the body
 * is the same (a better variant replaces the body: upgrade). Copying the entry's dozen headers
 * into a new object on every hit took a few microseconds of each cached answer's fifty or so.
 * Neither caller changes them: writeHead and Fastify's reply.headers only read them.
 */
function headersFor(entry: HotEntry, as: SentAs, body: Buffer | undefined): OutgoingHttpHeaders {
  const sent = (entry.sent ??= {});
  const kept = sent[as];
  if (kept && kept.body === body) return kept.headers;
  const headers: OutgoingHttpHeaders = as === 'not-modified'
    ? { ...entry.headers, 'x-cache': 'HIT' }
    : { ...entry.headers, 'content-length': body!.length, 'x-cache': 'HIT' };
  if (as === 'br' || as === 'gzip') headers['content-encoding'] = as;
  sent[as] = { body, headers };
  return headers;
}

/** Status, headers and body for an entry, honouring If-None-Match and Accept-Encoding. */
export function respond(entry: HotEntry, ifNoneMatch: string | undefined, acceptEncoding: string | string[] | undefined) {
  if (namesEtag(ifNoneMatch, entry.etag)) return { status: 304, headers: headersFor(entry, 'not-modified', undefined), body: undefined };
  let body = entry.body;
  let encoding: 'br' | 'gzip' | undefined;
  if (entry.body.length >= COMPRESS_MIN_BYTES) {
    const before = sizeOf(entry);
    // With q-values: `br;q=0, gzip;q=0, identity` is sent as it is.
    encoding = acceptedEncoding(acceptEncoding);
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, FAST_BR);
      body = entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.body, FAST_GZIP);
      body = entry.gzip;
    }
    if (sizeOf(entry) !== before) entry.grew?.(before);
    if (encoding) upgrade(entry, encoding);
  }
  return { status: 200, headers: headersFor(entry, encoding ?? 'identity', body), body };
}
