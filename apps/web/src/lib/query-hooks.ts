// The app's query hooks: TanStack Query's in the browser; on the server, a read of the page's
// prefetched queries that gives the same result without an observer.
//
// A server render happens once and nothing it renders is ever updated, yet TanStack's `useQuery`
// sets up for updates in every call: it defaults the options three times, builds an observer
// (which computes its result twice), and wraps the result in a tracking object with a getter per
// field. That was a ninth of an uncached article page's render thread and more of the home
// page's (CPU profile under wrk: 8 queries on an article page, 13 on the home page). Here the
// options are defaulted once and the result is what TanStack's observer computes for a component
// rendered for the first time (QueryObserver.createResult with no earlier result, not yet
// subscribed): query.test.ts checks the two are equal, field by field, in every state a page can
// meet, and the server-rendered pages are checked against the browser's first render.
import {
  onlineManager,
  useInfiniteQuery as useBrowserInfiniteQuery,
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
  throw new Error('a query cannot be fetched again while a page renders on the server');
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

/** The query the options name, as TanStack's observer finds it (made, empty, when it is not in the cache). */
function queryFor(client: QueryClient, options: object): { query: AnyQuery; defaulted: AnyOptions } {
  const defaulted = client.defaultQueryOptions(options as AnyOptions) as AnyOptions;
  return { query: client.getQueryCache().build(client, defaulted) as AnyQuery, defaulted };
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

/** TanStack Query's useQuery; the server's own on the server (see above). */
export const useQuery = (import.meta.env.SSR ? useServerQuery : useBrowserQuery) as typeof useBrowserQuery;

/** TanStack Query's useInfiniteQuery; the server's own on the server (see above). */
export const useInfiniteQuery = (import.meta.env.SSR ? useServerInfiniteQuery : useBrowserInfiniteQuery) as typeof useBrowserInfiniteQuery;
