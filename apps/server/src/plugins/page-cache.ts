/** A rendered page as sent to anonymous readers. */
export interface CachedPage {
  status: number;
  /** Full HTML document; empty for a redirect. */
  html: string;
  etag: string;
  /** Set for 3xx answers. */
  location?: string;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** `generation`: the value read before rendering; a page rendered across a clear() is not kept. */
  set(key: string, value: CachedPage, generation?: number): void;
  /** Drops every page; called by every write that changes what readers see. */
  clear(): void;
  readonly size: number;
  readonly generation: number;
}

interface Entry {
  value: CachedPage;
  expiresAt: number;
}

/**
 * Rendered HTML for anonymous readers, kept for `ttlMs` and dropped on content changes.
 * Least recently used pages go first once `maxEntries` is reached, so crawling many
 * distinct URLs (search queries, unknown paths) cannot grow it without bound.
 */
export function createPageCache({ ttlMs = 30_000, maxEntries = 1_000 }: { ttlMs?: number; maxEntries?: number } = {}): PageCache {
  const entries = new Map<string, Entry>();
  let generation = 0;

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      // Re-insert: Map order is the recency order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, startedAt = generation) {
      if (ttlMs <= 0 || startedAt !== generation) return;
      entries.delete(key);
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}
