// The app's query hooks: TanStack Query's in the browser; on the server, a read of the page's
// prefetched queries that gives the same result without an observer.
//
// A server render happens once and nothing it renders is ever updated, yet TanStack's `useQuery`
// sets up for updates in every call: it defaults the options three times (a new object each
// time, about 5 µs), builds an observer (which computes its result twice), and wraps the result
// in a tracking object with a getter per field. That was a ninth of an uncached article page's
// render thread, and more of the home page's (CPU profile under wrk: 8 queries on an article
// page, 13 on the home page). Here the prefetched query is found by its key, the options are
// read as TanStack merges them, and the result is the one TanStack's observer computes for a
// component's first render (QueryObserver.createResult with no earlier result, not subscribed).
// query-hooks.test.tsx checks the two are equal, field by field, in every state a query can be in.
import {
  hashKey,
  onlineManager,
  skipToken,
  useInfiniteQuery as useBrowserInfiniteQuery,
  useMutation as useBrowserMutation,
  useQuery as useBrowserQuery,
  useQueryClient,
  type DefaultError,
  type Query,
  type QueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';

type AnyOptions = QueryObserverOptions<unknown, DefaultError, unknown, unknown, QueryKey, unknown>;
type AnyQuery = Query<unknown, DefaultError, unknown, QueryKey>;
type InfiniteData = { pages: unknown[]; pageParams: unknown[] };
type InfiniteOptions = AnyOptions & {
  getNextPageParam: (last: unknown, pages: unknown[], lastParam: unknown, params: unknown[]) => unknown;
  getPreviousPageParam?: (first: unknown, pages: unknown[], firstParam: unknown, params: unknown[]) => unknown;
};

const resolve = <T>(value: T | ((query: AnyQuery) => T), query: AnyQuery): T =>
  typeof value === 'function' ? (value as (query: AnyQuery) => T)(query) : value;

function notOnTheServer(): never {
  throw new Error('a query cannot be fetched or a mutation made while a page renders on the server');
}

/** QueryObserver's isStale. */
function isStale(query: AnyQuery, options: AnyOptions): boolean {
  return resolve(options.enabled, query) !== false && query.isStaleByTime(resolve(options.staleTime, query));
}

/** QueryObserver's shouldFetchOnMount: what an observer mounted now would start. */
function fetchesOnMount(query: AnyQuery, options: AnyOptions): boolean {
  const enabled = resolve(options.enabled, query) !== false;
  const { data, status } = query.state;
  if (data === undefined) return enabled && !(status === 'error' && resolve(options.retryOnMount, query) === false);
  if (!enabled || resolve(options.staleTime, query) === 'static') return false;
  const refetchOnMount = resolve(options.refetchOnMount, query);
  return refetchOnMount === 'always' || (refetchOnMount !== false && isStale(query, options));
}

/** The result QueryObserver.createResult gives a component's first render (optimistic, not subscribed). */
function firstResult(query: AnyQuery, options: AnyOptions): QueryObserverResult<unknown, DefaultError> {
  const { state } = query;
  let { fetchStatus, fetchFailureCount, fetchFailureReason, error, errorUpdatedAt, status } = state;
  let data: unknown = state.data;
  if (fetchesOnMount(query, options)) {
    const networkMode = query.options.networkMode ?? 'online';
    fetchStatus = networkMode !== 'online' || onlineManager.isOnline() ? 'fetching' : 'paused';
    fetchFailureCount = 0;
    fetchFailureReason = null;
    if (data === undefined) {
      error = null;
      status = 'pending';
    }
  }
  let isPlaceholderData = false;
  if (options.placeholderData !== undefined && data === undefined && status === 'pending') {
    const placeholder = typeof options.placeholderData === 'function'
      ? (options.placeholderData as (previous: undefined, query: undefined) => unknown)(undefined, undefined)
      : options.placeholderData;
    if (placeholder !== undefined) {
      status = 'success';
      data = placeholder;
      isPlaceholderData = true;
    }
  }
  if (options.select && data !== undefined) {
    try {
      data = options.select(data);
    } catch (selectError) {
      error = selectError as DefaultError;
      data = undefined;
      errorUpdatedAt = Date.now();
      status = 'error';
      isPlaceholderData = false;
    }
  }
  const isFetching = fetchStatus === 'fetching';
  const isPending = status === 'pending';
  const isError = status === 'error';
  const isLoading = isPending && isFetching;
  const hasData = data !== undefined;
  return {
    status,
    fetchStatus,
    isPending,
    isSuccess: status === 'success',
    isError,
    isInitialLoading: isLoading,
    isLoading,
    data,
    dataUpdatedAt: state.dataUpdatedAt,
    error,
    errorUpdatedAt,
    failureCount: fetchFailureCount,
    failureReason: fetchFailureReason,
    errorUpdateCount: state.errorUpdateCount,
    isFetched: query.isFetched(),
    isFetchedAfterMount: false,
    isFetching,
    isRefetching: isFetching && !isPending,
    isLoadingError: isError && !hasData,
    isPaused: fetchStatus === 'paused',
    isPlaceholderData,
    isRefetchError: isError && hasData,
    isStale: isStale(query, options),
    refetch: notOnTheServer,
    isEnabled: resolve(options.enabled, query) !== false,
  } as QueryObserverResult<unknown, DefaultError>;
}

/** InfiniteQueryObserver.createResult's additions for the same first render. */
function firstInfiniteResult(query: AnyQuery, options: InfiniteOptions) {
  const result = firstResult(query, options);
  const data = query.state.data as InfiniteData | undefined;
  const { pages = [], pageParams = [] } = data ?? {};
  const last = pages.length - 1;
  const direction = (query.state.fetchMeta as { fetchMore?: { direction?: string } } | null)?.fetchMore?.direction;
  const nextPageError = result.isError && direction === 'forward';
  const fetchingNext = result.isFetching && direction === 'forward';
  const previousPageError = result.isError && direction === 'backward';
  const fetchingPrevious = result.isFetching && direction === 'backward';
  return {
    ...result,
    fetchNextPage: notOnTheServer,
    fetchPreviousPage: notOnTheServer,
    hasNextPage: Boolean(data) && pages.length > 0 && options.getNextPageParam(pages[last], pages, pageParams[last], pageParams) != null,
    hasPreviousPage: Boolean(data && options.getPreviousPageParam) && pages.length > 0
      && options.getPreviousPageParam!(pages[0], pages, pageParams[0], pageParams) != null,
    isFetchNextPageError: nextPageError,
    isFetchingNextPage: fetchingNext,
    isFetchPreviousPageError: previousPageError,
    isFetchingPreviousPage: fetchingPrevious,
    isRefetchError: result.isRefetchError && !nextPageError && !previousPageError,
    isRefetching: result.isRefetching && !fetchingNext && !fetchingPrevious,
  };
}

/**
 * The query the options name and the options as TanStack defaults them. A query the page
 * prefetched is read with a view of the options (the caller's over the key's defaults over the
 * client's, as defaultQueryOptions merges them): defaulting them makes a new options object,
 * about 5 µs a query. A query not in the cache is made as TanStack's observer makes it.
 */
function queryFor(client: QueryClient, options: object): { query: AnyQuery; defaulted: AnyOptions } {
  const given = options as AnyOptions;
  const clientDefaults = (client.getDefaultOptions().queries ?? {}) as AnyOptions;
  const keyDefaults = client.getQueryDefaults(given.queryKey) as AnyOptions;
  const option = (key: keyof InfiniteOptions) => optionOf(given, keyDefaults, clientDefaults, key);
  const hash = (option('queryHash') as string | undefined) || ((option('queryKeyHashFn') as typeof hashKey | undefined) || hashKey)(given.queryKey);
  const query = client.getQueryCache().get(hash) as AnyQuery | undefined;
  if (!query) {
    const defaulted = client.defaultQueryOptions(given) as AnyOptions;
    return { query: client.getQueryCache().build(client, defaulted) as AnyQuery, defaulted };
  }
  // What firstResult and firstInfiniteResult read (the network mode is the query's own).
  const read = {
    queryKey: given.queryKey,
    enabled: option('queryFn') === skipToken ? false : option('enabled'),
    staleTime: option('staleTime'),
    refetchOnMount: option('refetchOnMount'),
    retryOnMount: option('retryOnMount'),
    placeholderData: option('placeholderData'),
    select: option('select'),
    getNextPageParam: option('getNextPageParam'),
    getPreviousPageParam: option('getPreviousPageParam'),
  } as AnyOptions;
  return { query, defaulted: read };
}

/** An option as defaultQueryOptions merges it: the caller's own, else the key's default, else the client's. */
function optionOf(given: object, keyDefaults: object, clientDefaults: object, key: string): unknown {
  if (key in given) return (given as Record<string, unknown>)[key];
  if (key in keyDefaults) return (keyDefaults as Record<string, unknown>)[key];
  return (clientDefaults as Record<string, unknown>)[key];
}

/** The first-render result for `options` in `client` (exported for its test). */
export function serverQueryResult(client: QueryClient, options: object) {
  const { query, defaulted } = queryFor(client, options);
  return firstResult(query, defaulted);
}

/** The first-render infinite-query result for `options` in `client` (exported for its test). */
export function serverInfiniteQueryResult(client: QueryClient, options: object) {
  const { query, defaulted } = queryFor(client, options);
  return firstInfiniteResult(query, defaulted as InfiniteOptions);
}

function useServerQuery(options: object) {
  return serverQueryResult(useQueryClient(), options);
}

function useServerInfiniteQuery(options: object) {
  return serverInfiniteQueryResult(useQueryClient(), options);
}

/**
 * What TanStack's useMutation gives a component's first render: a new observer's result, idle
 * (MutationObserver with no mutation yet); a page rendered on the server never mutates.
 */
const IDLE_MUTATION = Object.freeze({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'idle',
  variables: undefined,
  submittedAt: 0,
  isPending: false,
  isSuccess: false,
  isError: false,
  isIdle: true,
  mutate: notOnTheServer,
  mutateAsync: notOnTheServer,
  reset: notOnTheServer,
});

function useServerMutation() {
  useQueryClient();
  return IDLE_MUTATION;
}

/** TanStack Query's useQuery; the server's own on the server (see above). */
export const useQuery = (import.meta.env.SSR ? useServerQuery : useBrowserQuery) as typeof useBrowserQuery;

/** TanStack Query's useInfiniteQuery; the server's own on the server (see above). */
export const useInfiniteQuery = (import.meta.env.SSR ? useServerInfiniteQuery : useBrowserInfiniteQuery) as typeof useBrowserInfiniteQuery;

/** TanStack Query's useMutation; on the server, the idle result without an observer. */
export const useMutation = (import.meta.env.SSR ? useServerMutation : useBrowserMutation) as typeof useBrowserMutation;
