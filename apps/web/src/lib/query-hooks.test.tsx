import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import {
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
  QueryClientProvider,
  QueryObserver,
  keepPreviousData,
  onlineManager,
  skipToken,
  useInfiniteQuery as tanstackUseInfiniteQuery,
  useMutation as tanstackUseMutation,
  useQuery as tanstackUseQuery,
} from '@tanstack/react-query';
import { createQueryClient } from '../app/query-client.ts';
import { serverInfiniteQueryResult, serverQueryResult, useInfiniteQuery, useMutation, useQuery } from './query-hooks.ts';

type Options = Record<string, unknown> & { queryKey: unknown[] };

/** What TanStack's useQuery computes for a component's first render (useBaseQuery's steps). */
function tanstackFirstResult(client: QueryClient, options: Options, Observer: typeof QueryObserver | typeof InfiniteQueryObserver = QueryObserver) {
  const defaulted = client.defaultQueryOptions(options as never);
  defaulted._optimisticResults = 'optimistic';
  const observer = new (Observer as typeof QueryObserver)(client, defaulted);
  return observer.getOptimisticResult(defaulted);
}

/** The fields that are values (functions differ: the server's refuse to run). */
function values(result: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(result).filter(([, v]) => typeof v !== 'function'));
}

function expectSame(client: QueryClient, options: Options, infinite = false): Record<string, unknown> {
  const ours = infinite ? serverInfiniteQueryResult(client, options) : serverQueryResult(client, options);
  const theirs = tanstackFirstResult(client, options, infinite ? InfiniteQueryObserver : QueryObserver);
  // Same fields, functions included, and the same values.
  expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
  expect(values(ours)).toEqual(values(theirs));
  return ours as Record<string, unknown>;
}

const failing = () => Promise.reject(new Error('نشد'));

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe('the server query result equals TanStack’s first render', () => {
  it('for fresh data', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/a'], queryFn: () => ({ id: 1 }) });
    const result = expectSame(client, { queryKey: ['/api/a'], queryFn: () => ({ id: 2 }) });
    expect(result).toMatchObject({ status: 'success', data: { id: 1 }, isFetching: false, isStale: false });
  });

  it('for stale data, which the browser fetches again on mount', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/a'], queryFn: () => 1 });
    const result = expectSame(client, { queryKey: ['/api/a'], queryFn: () => 2, staleTime: 0 });
    expect(result).toMatchObject({ status: 'success', fetchStatus: 'fetching', isRefetching: true, isStale: true });
    expectSame(client, { queryKey: ['/api/a'], queryFn: () => 2, staleTime: 0, refetchOnMount: false });
    expectSame(client, { queryKey: ['/api/a'], queryFn: () => 2, staleTime: 'static' });
  });

  it('for invalidated data and refetchOnMount "always"', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/a'], queryFn: () => 1 });
    expect(expectSame(client, { queryKey: ['/api/a'], queryFn: () => 2, refetchOnMount: 'always' }).isFetching).toBe(true);
    await client.invalidateQueries({ queryKey: ['/api/a'], refetchType: 'none' });
    expect(expectSame(client, { queryKey: ['/api/a'], queryFn: () => 2 }).isStale).toBe(true);
  });

  it('for a query not in the cache, enabled or not, online or not', () => {
    const client = createQueryClient();
    expect(expectSame(client, { queryKey: ['/api/missing'], queryFn: () => 1 })).toMatchObject({ status: 'pending', isLoading: true });
    expect(expectSame(client, { queryKey: ['/api/off'], queryFn: () => 1, enabled: false })).toMatchObject({ status: 'pending', fetchStatus: 'idle', isEnabled: false });
    expectSame(client, { queryKey: ['/api/off2'], queryFn: () => 1, enabled: () => false });
    onlineManager.setOnline(false);
    expect(expectSame(client, { queryKey: ['/api/offline'], queryFn: () => 1 }).fetchStatus).toBe('paused');
    expectSame(client, { queryKey: ['/api/offline-always'], queryFn: () => 1, networkMode: 'always' });
  });

  it('for a query that failed', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/broken'], queryFn: failing });
    expect(expectSame(client, { queryKey: ['/api/broken'], queryFn: failing })).toMatchObject({ status: 'pending', error: null });
    expect(expectSame(client, { queryKey: ['/api/broken'], queryFn: failing, retryOnMount: false })).toMatchObject({ status: 'error', isLoadingError: true });
  });

  it('with select, and with a select that throws', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T04:00:00Z'), toFake: ['Date'] });
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/list'], queryFn: () => [1, 2, 3] });
    expect(expectSame(client, { queryKey: ['/api/list'], queryFn: () => [], select: (xs: number[]) => xs.filter((x) => x > 1) }).data).toEqual([2, 3]);
    const thrown = expectSame(client, { queryKey: ['/api/list'], queryFn: () => [], select: () => { throw new Error('بد'); } });
    expect(thrown).toMatchObject({ status: 'error', data: undefined });
  });

  it('with placeholder data', () => {
    const client = createQueryClient();
    expect(expectSame(client, { queryKey: ['/api/p'], queryFn: () => 1, placeholderData: 7 })).toMatchObject({ data: 7, isPlaceholderData: true, status: 'success' });
    expect(expectSame(client, { queryKey: ['/api/q'], queryFn: () => 1, placeholderData: keepPreviousData }).isPlaceholderData).toBe(false);
  });

  it('with the options merged as TanStack merges them: the caller’s, the key’s defaults, the client’s', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/m', 1], queryFn: () => 1 });
    // An option given as undefined overrides the default (staleTime 5 min → stale).
    expect(expectSame(client, { queryKey: ['/api/m', 1], queryFn: () => 2, staleTime: undefined }).isStale).toBe(true);
    client.setQueryDefaults(['/api/m'], { staleTime: 0, refetchOnMount: false });
    expect(expectSame(client, { queryKey: ['/api/m', 1], queryFn: () => 2 })).toMatchObject({ isStale: true, isFetching: false });
    expect(expectSame(client, { queryKey: ['/api/m', 1], queryFn: () => 2, refetchOnMount: true }).isFetching).toBe(true);
    // A query whose function is skipToken is disabled.
    expect(expectSame(client, { queryKey: ['/api/m', 1], queryFn: skipToken }).isEnabled).toBe(false);
  });

  it('with a key hashed by the client’s own hash function', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, queryKeyHashFn: (key) => `h:${String(key[0])}` } } });
    await client.prefetchQuery({ queryKey: ['/api/h', 1], queryFn: () => 'یک' });
    const defaulting = vi.spyOn(client, 'defaultQueryOptions');
    expect(serverQueryResult(client, { queryKey: ['/api/h', 2], queryFn: () => 'دو' }).data).toBe('یک');
    // Found by its hash: read without defaulting the options.
    expect(defaulting).not.toHaveBeenCalled();
    defaulting.mockRestore();
    expectSame(client, { queryKey: ['/api/h', 2], queryFn: () => 'دو' });
  });

  it('for infinite queries, with and without more pages', async () => {
    const client = createQueryClient();
    const pages = { queryFn: ({ pageParam }: { pageParam: number }) => [pageParam], initialPageParam: 1 };
    await client.prefetchInfiniteQuery({ queryKey: ['/feed'], ...pages, getNextPageParam: (_l: unknown, _a: unknown, p: number) => p + 1 } as never);
    expect(expectSame(client, { queryKey: ['/feed'], ...pages, getNextPageParam: (_l: unknown, _a: unknown, p: number) => p + 1 }, true).hasNextPage).toBe(true);
    expect(expectSame(client, { queryKey: ['/feed'], ...pages, getNextPageParam: () => null, getPreviousPageParam: (_f: unknown, _a: unknown, p: number) => p - 1 }, true))
      .toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(expectSame(client, { queryKey: ['/feed-missing'], ...pages, getNextPageParam: () => 2 }, true)).toMatchObject({ hasNextPage: false, status: 'pending' });
  });
});

describe('the hooks', () => {
  it('are the server’s own in a server render, and read the prefetched data', async () => {
    expect(import.meta.env.SSR).toBe(true);
    expect(useQuery).not.toBe(tanstackUseQuery);
    expect(useInfiniteQuery).not.toBe(tanstackUseInfiniteQuery);
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['/api/title'], queryFn: () => 'خبر' });
    function Title() {
      const { data, isPending } = useQuery({ queryKey: ['/api/title'], queryFn: () => 'دیگر' });
      return <h1>{isPending ? '…' : data}</h1>;
    }
    expect(renderToString(<QueryClientProvider client={client}><Title /></QueryClientProvider>)).toBe('<h1>خبر</h1>');
  });

  it('give a mutation’s first render what TanStack gives it: idle', () => {
    expect(useMutation).not.toBe(tanstackUseMutation);
    const client = createQueryClient();
    let ours: object = {};
    function Form() {
      ours = useMutation({ mutationFn: async (text: string) => text });
      return null;
    }
    renderToString(<QueryClientProvider client={client}><Form /></QueryClientProvider>);
    // TanStack's hook: the observer's current result, with mutate wrapped and mutateAsync added.
    const observed = new MutationObserver(client, { mutationFn: async (text: string) => text }).getCurrentResult();
    const theirs = { ...observed, mutateAsync: observed.mutate };
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(values(ours)).toEqual(values(theirs));
    expect(ours).toMatchObject({ status: 'idle', isIdle: true, isPending: false });
    expect(() => (ours as { mutate: () => void }).mutate()).toThrow(/server/);
  });

  it('refuse to fetch again on the server', () => {
    const client = createQueryClient();
    expect(() => serverQueryResult(client, { queryKey: ['/x'], queryFn: () => 1 }).refetch()).toThrow(/server/);
  });
});
