/** A rendered page as sent to anonymous readers. */
export interface CachedPage {
  status: number;
  /** The whole HTML document in UTF-8; empty for a redirect. */
  body: Buffer;
  etag: string;
  /** Set for 3xx answers. */
  location?: string;
}

export interface PageLookup {
  page: CachedPage;
  /** Content changed (or the page's time is up) since it was rendered: serve it, render anew. */
  stale: boolean;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** The page kept for `key`, fresh or stale (stale pages are kept for a bounded time). */
  lookup(key: string): PageLookup | undefined;
  /**
   * `generation`: the value read before rendering; a page rendered across a clear() is not kept.
   * `version`: the value read before rendering; a page rendered across a markChanged() is kept
   * as stale (it is newer than what it replaces, but may miss the change).
   */
  set(key: string, value: CachedPage, generation?: number, version?: number): void;
  /** Drops every page; for changes whose extent is unknown. */
  clear(): void;
  /** A content change: pages `drop` names go, every other page becomes stale. */
  markChanged(drop: (key: string) => boolean): void;
  readonly size: number;
  /** Bytes of the pages held (their UTF-8 documents). */
  readonly bytes: number;
  readonly generation: number;
  readonly version: number;
}

interface Entry {
  value: CachedPage;
  expiresAt: number;
  /** After this a stale page is no longer served: the reader waits for a render. */
  staleUntil: number;
  bytes: number;
}

/** How long a page whose content changed may still be served while it is rendered anew. */
export const STALE_BOUND_MS = 10_000;

/**
 * Rendered HTML for anonymous readers, kept for `ttlMs`. A content change that names what it
 * affects drops those pages and marks the rest stale (served while one render replaces them);
 * any other change drops everything. Least recently used pages go first once `maxEntries` or
 * `maxBytes` is reached, so crawling many distinct URLs cannot grow it without bound.
 */
export function createPageCache({ ttlMs = 30_000, maxEntries = 1_000, maxBytes = 32 * 1024 * 1024 }: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}): PageCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let version = 0;
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  const lookup = (key: string): PageLookup | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.staleUntil <= now) {
      remove(key);
      return undefined;
    }
    // Re-insert: Map order is the recency order.
    entries.delete(key);
    entries.set(key, entry);
    return { page: entry.value, stale: entry.expiresAt <= now };
  };

  return {
    get(key) {
      const hit = lookup(key);
      return hit && !hit.stale ? hit.page : undefined;
    },
    lookup,
    set(key, value, startedAt = generation, startedVersion = version) {
      if (ttlMs <= 0 || startedAt !== generation) return;
      remove(key);
      const size = value.body.length + 2 * (value.location?.length ?? 0) + 200;
      if (size > maxBytes) return;
      while (entries.size && (entries.size >= maxEntries || bytes + size > maxBytes)) remove(entries.keys().next().value as string);
      const now = Date.now();
      const expiresAt = startedVersion === version ? now + ttlMs : now;
      entries.set(key, { value, expiresAt, staleUntil: expiresAt + Math.max(ttlMs, STALE_BOUND_MS), bytes: size });
      bytes += size;
    },
    clear() {
      generation++;
      version++;
      entries.clear();
      bytes = 0;
    },
    markChanged(drop) {
      version++;
      const now = Date.now();
      for (const [key, entry] of [...entries]) {
        if (drop(key)) remove(key);
        else if (entry.expiresAt > now) {
          entry.expiresAt = now;
          entry.staleUntil = now + STALE_BOUND_MS;
        }
      }
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    get generation() {
      return generation;
    },
    get version() {
      return version;
    },
  };
}
