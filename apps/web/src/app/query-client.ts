import {
  hashKey, QueryClient, skipToken, type DefaultedQueryObserverOptions, type DefaultError, type FetchInfiniteQueryOptions, type FetchQueryOptions, type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

/**
 * TanStack Query's hash of a query key, written faster for the keys the site uses. hashKey is
 * JSON.stringify with a replacer that sorts each plain object's keys; JSON.stringify calls that
 * replacer for every value (about 1 µs a key, some fifty keys an uncached page). A key of plain
 * values only (every public query's key is `[path]`) has no object to sort, so JSON.stringify
 * alone writes the same string in a quarter of the time; any other key goes to hashKey. The hash
 * must be TanStack's own: the server's dehydrated queries carry it to the browser.
 */
export function hashQueryKey(queryKey: QueryKey): string {
  if (!Array.isArray(queryKey)) return hashKey(queryKey);
  for (const part of queryKey) if (part !== null && typeof part === 'object') return hashKey(queryKey);
  return JSON.stringify(queryKey);
}

type QueryOptions = Record<string, unknown> & { queryKey: QueryKey; queryHash?: string; queryKeyHashFn?: (key: QueryKey) => string; _defaulted?: boolean };

/**
 * TanStack Query's client, with a query's options defaulted faster. TanStack spreads the
 * client's defaults, the key's defaults and the caller's options into a new object (13 µs a
 * call measured in Node 20, about thirty calls an uncached article page: prefetching, reading
 * and the server's hooks); Object.assign makes the same object (the same keys, in the same
 * order, with the same values: no options object has an own `__proto__`) in half a
 * microsecond. What follows the merge is TanStack's QueryClient.defaultQueryOptions as it is
 * (query-core 5), and query-client.test.ts compares the two on every kind of options.
 */
export class SiteQueryClient extends QueryClient {
  override defaultQueryOptions<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    given: QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam> | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    type Defaulted = DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>;
    const options = given as unknown as QueryOptions;
    if (options._defaulted) return given as Defaulted;
    const defaulted = Object.assign({}, this.getDefaultOptions().queries, this.getQueryDefaults(options.queryKey), options) as QueryOptions;
    defaulted._defaulted = true;
    if (!defaulted.queryHash) defaulted.queryHash = (defaulted.queryKeyHashFn ?? hashKey)(defaulted.queryKey);
    if (defaulted.refetchOnReconnect === undefined) defaulted.refetchOnReconnect = defaulted.networkMode !== 'always';
    if (defaulted.throwOnError === undefined) defaulted.throwOnError = Boolean(defaulted.suspense);
    if (!defaulted.networkMode && defaulted.persister) defaulted.networkMode = 'offlineFirst';
    if (defaulted.queryFn === skipToken) defaulted.enabled = false;
    return defaulted as unknown as Defaulted;
  }
}

type QueryFn = (context: Record<string, unknown>) => unknown;

/**
 * The client a server render prefetches with. A query the page has not read yet, in a render
 * where nobody watches a query, is fetched by calling its `queryFn` and storing the answer
 * (`Query.setData`), which leaves the query in the state TanStack's fetch leaves it in: success,
 * updated once, idle, no failure, no fetch meta. TanStack's fetch builds two context objects
 * with signal properties, an AbortController, a retryer and four state changes on the way: about
 * 5 % of the render thread's time on an uncached home page (CPU profile), and the render's work
 * per page was 4 % less without it. Anything else, and every query whose
 * `queryFn` fails (so that its error is TanStack's own), goes through TanStack's fetch; a
 * query asked for again while its answer is on the way shares it. query-client.test.ts compares
 * the dehydrated state of both ways query by query.
 */
export class ServerQueryClient extends SiteQueryClient {
  private readonly prefetching = new Map<string, Promise<void>>();

  override prefetchQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  ): Promise<void> {
    return this.prefetchDirect(options as unknown as QueryOptions, () => super.prefetchQuery(options));
  }

  override prefetchInfiniteQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = unknown>(
    options: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<void> {
    return this.prefetchDirect(options as unknown as QueryOptions, () => super.prefetchInfiniteQuery(options), true);
  }

  private prefetchDirect(options: QueryOptions, throughTanStack: () => Promise<void>, infinite = false): Promise<void> {
    const cache = this.getQueryCache();
    const defaulted = this.defaultQueryOptions({ ...options, ...(infinite ? { _type: 'infinite' } : {}) } as never) as unknown as QueryOptions;
    const hash = defaulted.queryHash!;
    const pending = this.prefetching.get(hash);
    if (pending) return pending;
    const queryFn = defaulted.queryFn;
    const plain = typeof queryFn === 'function' && !defaulted.persister && defaulted.initialData === undefined
      && !(infinite && (defaulted.pages !== undefined || defaulted.maxPages !== undefined))
      && !cache.config.onSuccess && !cache.config.onSettled && !cache.config.onError;
    if (!plain || cache.get(hash)) return throughTanStack();
    const query = cache.build(this, defaulted as never);
    const context: Record<string, unknown> = { client: this, queryKey: query.queryKey, meta: query.meta };
    if (infinite) Object.assign(context, { pageParam: defaulted.initialPageParam, direction: 'forward' });
    // A query function that reads its signal gets one that is never aborted, as a prefetch's.
    Object.defineProperty(context, 'signal', { enumerable: true, get: () => new AbortController().signal });
    const done = (async () => {
      let answer: unknown;
      try {
        answer = await (queryFn as QueryFn)(context);
      } catch {
        answer = undefined;
      }
      this.prefetching.delete(hash);
      if (answer === undefined) {
        // TanStack's fetch makes the failed (or empty) query's state.
        cache.remove(query);
        return throughTanStack();
      }
      query.setData(infinite ? { pages: [answer], pageParams: [defaulted.initialPageParam] } : answer);
    })();
    this.prefetching.set(hash, done);
    return done;
  }
}

const SITE_DEFAULTS = {
  queries: { staleTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false, queryKeyHashFn: hashQueryKey },
  mutations: { retry: false },
};

/** Spec 01 §9: fresh for 5 minutes, no retries, no refetch on focus, no polling unless asked. */
export function createQueryClient(): QueryClient {
  return new SiteQueryClient({ defaultOptions: SITE_DEFAULTS });
}

/** The same client for a server render (ServerQueryClient). */
export function createServerQueryClient(): QueryClient {
  return new ServerQueryClient({ defaultOptions: SITE_DEFAULTS });
}
