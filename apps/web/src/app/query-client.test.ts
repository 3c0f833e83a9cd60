import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dehydrate, hashKey, QueryClient, skipToken, type QueryKey } from '@tanstack/react-query';
import { categoriesQuery } from '../features/categories/api.ts';
import { pathOfRead, type PageRead } from '@chapar/shared/page-reads';
import { ApiError, getJson, setTransport } from '../lib/api-client.ts';

/** A transport answering each read by its API path. */
const byPath = (answer: (path: string) => Promise<unknown>) => (read: PageRead) => answer(pathOfRead(read));
import { createQueryClient, createServerQueryClient, hashQueryKey, ServerQueryClient, SiteQueryClient } from './query-client.ts';
import type { RouteContext, RouteModule } from './route-types.ts';
import { route as category } from './routes/category.tsx';
import { route as home } from './routes/home.tsx';
import { route as search } from './routes/search.tsx';
import { route as trending } from './routes/trending.tsx';

describe('hashQueryKey', () => {
  it('writes the same hash as TanStack Query for any key', () => {
    fc.assert(fc.property(fc.array(fc.anything()), (key) => {
      expect(hashQueryKey(key)).toBe(hashKey(key));
    }), { numRuns: 2000 });
  });

  it('writes the same hash for the keys the site uses, plain values and objects alike', () => {
    const keys: unknown[][] = [
      ['/api/articles/12'], ['/api/articles?page=1&limit=6'], ['/api/search?q=%D8%A7'], [],
      ['admin', 'articles', { status: 'draft', page: 2, sort: 'views' }], ['admin', 'comments', 'pending'],
      [1, null, true, undefined, Number.NaN, () => 1], [{ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } }],
    ];
    for (const key of keys) expect(hashQueryKey(key)).toBe(hashKey(key));
  });

  it('sorts an object\'s keys as TanStack does: the order they were written in does not matter', () => {
    expect(hashQueryKey(['x', { b: 1, a: 2 }])).toBe(hashQueryKey(['x', { a: 2, b: 1 }]));
    expect(hashQueryKey(['x', { b: 1, a: 2 }])).toBe('["x",{"a":2,"b":1}]');
  });

  it('is the hash every query of the site\'s client is stored under', () => {
    const client = createQueryClient();
    client.setQueryData(['/api/articles/7'], { id: 7 });
    client.setQueryData(['admin', { page: 1, q: 'x' }], []);
    expect(client.getQueryCache().getAll().map((query) => query.queryHash)).toEqual([hashKey(['/api/articles/7']), hashKey(['admin', { page: 1, q: 'x' }])]);
  });
});

describe('SiteQueryClient.defaultQueryOptions', () => {
  const defaults = { queries: { staleTime: 300_000, retry: false, refetchOnWindowFocus: false, queryKeyHashFn: hashQueryKey } };
  const clients = () => {
    const made = [new QueryClient({ defaultOptions: defaults }), new SiteQueryClient({ defaultOptions: defaults })];
    for (const client of made) {
      client.setQueryDefaults(['admin'], { gcTime: 1000, staleTime: 0 });
      client.setQueryDefaults(['admin', 'articles'], { retry: 2, networkMode: 'always' });
    }
    return made;
  };
  const expectSame = (options: Record<string, unknown> & { queryKey: QueryKey }) => {
    const [tanstack, site] = clients();
    const want = tanstack.defaultQueryOptions(options);
    const got = site.defaultQueryOptions(options);
    expect(got).toStrictEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
    expect(got).not.toBe(options);
  };
  const queryFn = () => 1;

  it('defaults options as TanStack Query does: the same keys, in the same order, with the same values', () => {
    const cases: Array<Record<string, unknown> & { queryKey: QueryKey }> = [
      { queryKey: ['/api/articles/1'], queryFn },
      { queryKey: ['/api/articles/1'], queryFn, select: (x: unknown) => x, staleTime: 5 },
      { queryKey: ['admin', 'articles', { page: 2 }], queryFn },
      { queryKey: ['admin', 'channels'], queryFn, networkMode: 'online' },
      { queryKey: ['x'], queryFn, queryHash: 'given' },
      { queryKey: ['x'], queryFn, queryKeyHashFn: () => 'own' },
      { queryKey: ['x'], queryFn, networkMode: 'always' },
      { queryKey: ['x'], queryFn, refetchOnReconnect: false, throwOnError: true },
      { queryKey: ['x'], queryFn, suspense: true },
      { queryKey: ['x'], queryFn, persister: () => undefined },
      { queryKey: ['x'], queryFn, persister: () => undefined, networkMode: 'online' },
      { queryKey: ['x'], queryFn: skipToken },
      { queryKey: ['x'], queryFn: skipToken, enabled: true },
      { queryKey: ['x'], enabled: false, retry: 3, gcTime: undefined },
    ];
    for (const options of cases) expectSame(options);
  });

  it('defaults any options as TanStack Query does', () => {
    const option = fc.oneof(fc.constant(undefined), fc.boolean(), fc.integer(), fc.constantFrom('always', 'online', 'offlineFirst'), fc.constant(queryFn), fc.constant(skipToken));
    const names = ['enabled', 'staleTime', 'retry', 'networkMode', 'refetchOnReconnect', 'throwOnError', 'suspense', 'persister', 'queryFn', 'gcTime', 'queryHash', 'meta'];
    fc.assert(fc.property(fc.array(fc.constantFrom('admin', 'articles', 'x')), fc.dictionary(fc.constantFrom(...names), option), (queryKey, rest) => {
      expectSame({ ...rest, queryKey });
    }), { numRuns: 1000 });
  });

  it('gives back options already defaulted as they are', () => {
    const [, site] = clients();
    const defaulted = site.defaultQueryOptions({ queryKey: ['x'], queryFn });
    expect(site.defaultQueryOptions(defaulted)).toBe(defaulted);
  });

  it('is the client the site makes', () => {
    expect(createQueryClient()).toBeInstanceOf(SiteQueryClient);
  });
});

describe('ServerQueryClient: prefetching without TanStack fetch machinery', () => {
  /** Every query's state, with the moments it was updated reduced to whether it was. */
  const states = (client: QueryClient) =>
    client.getQueryCache().getAll().map((query) => ({
      queryHash: query.queryHash,
      queryType: query.queryType,
      state: { ...query.state, dataUpdatedAt: query.state.dataUpdatedAt > 0, errorUpdatedAt: query.state.errorUpdatedAt > 0 },
    }));
  const dehydrated = (client: QueryClient) =>
    dehydrate(client).queries.map(({ dehydratedAt: _at, state, ...rest }) => ({ ...rest, state: { ...state, dataUpdatedAt: state.dataUpdatedAt > 0 } }));
  const summary = (id: number) => ({ id, slug: `khabar-${id}`, title: `خبر ${id}`, excerpt: 'خلاصه', category: 'politics', publishedAt: '2026-11-20T10:00:00.000Z', views: id * 3, keywords: ['الف'] });
  /** An API in memory: lists of summaries, one missing article (404), one broken path (500). */
  const api = (calls: string[] = []) => async (path: string): Promise<unknown> => {
    calls.push(path);
    await Promise.resolve();
    if (path.startsWith('/api/articles/404')) throw new ApiError(404, '{"error":"not_found"}', null);
    if (path.startsWith('/api/broken')) throw new Error('connection reset');
    if (path.startsWith('/api/empty')) return undefined;
    if (path.startsWith('/api/categories') && !path.includes('/articles')) return [{ slug: 'politics', name: 'سیاست' }];
    if (path.startsWith('/api/analytics/trending-topics')) return [{ topic: 'انتخابات', count: 4 }];
    return [summary(1), summary(2)];
  };
  const both = () => {
    const made = [createQueryClient(), createServerQueryClient()];
    made.forEach((client) => setTransport(client, byPath(api())));
    return made;
  };
  const context = (queryClient: QueryClient, pathname: string, search = ''): RouteContext =>
    ({ queryClient, params: { slug: 'politics' }, pathname, searchParams: new URLSearchParams(search), baseUrl: 'https://chapar.example' });

  it('leaves every query of the public pages in the state TanStack fetch leaves it in', async () => {
    const routes: Array<[RouteModule, string, string?]> = [[home, '/'], [category, '/category/politics'], [trending, '/trending'], [search, '/search', 'q=خبر']];
    for (const [route, pathname, query] of routes) {
      const [tanstack, server] = both();
      for (const client of [tanstack, server]) {
        await Promise.all([client.prefetchQuery(categoriesQuery()), route.prefetch?.(context(client, pathname, query))]);
      }
      expect(states(server)).toEqual(states(tanstack));
      expect(dehydrated(server)).toEqual(dehydrated(tanstack));
      expect(server.getQueryCache().getAll().length).toBeGreaterThan(0);
    }
  });

  it('leaves a failed, a broken and an empty query as TanStack does: its error, not data', async () => {
    const [tanstack, server] = both();
    for (const client of [tanstack, server]) {
      await Promise.all(['/api/articles/404', '/api/broken', '/api/empty'].map((path) =>
        client.prefetchQuery({ queryKey: [path], queryFn: ({ client: c }) => getJson(c, path) })));
      await client.prefetchInfiniteQuery({ queryKey: ['/api/broken', 'feed'], queryFn: ({ client: c }) => getJson(c, '/api/broken'), initialPageParam: 1, getNextPageParam: () => null });
    }
    const got = states(server);
    expect(got).toEqual(states(tanstack));
    expect(got.map(({ state }) => state.status)).toEqual(['error', 'error', 'error', 'error']);
    expect((server.getQueryState(['/api/articles/404'])?.error as ApiError).status).toBe(404);
  });

  it('answers a query asked for twice at once with one read, updated once', async () => {
    const calls: string[] = [];
    const server = createServerQueryClient();
    setTransport(server, byPath(api(calls)));
    const options = () => ({ queryKey: ['/api/articles?limit=6'], queryFn: ({ client: c }: { client: QueryClient }) => getJson(c, '/api/articles?limit=6') });
    await Promise.all([server.prefetchQuery(options()), server.prefetchQuery(options())]);
    await server.prefetchQuery(options());
    expect(calls).toEqual(['/api/articles?limit=6']);
    expect(server.getQueryState(['/api/articles?limit=6'])?.dataUpdateCount).toBe(1);
  });

  it('gives the query function its key, its client, a signal and, for pages, the first page', async () => {
    const server = createServerQueryClient();
    const seen: Array<Record<string, unknown>> = [];
    await server.prefetchQuery({ queryKey: ['k'], meta: { why: 'test' }, queryFn: (ctx) => (seen.push({ ...ctx, aborted: ctx.signal.aborted }), 1) });
    await server.prefetchInfiniteQuery({ queryKey: ['p'], queryFn: (ctx) => (seen.push({ ...ctx }), [ctx.pageParam]), initialPageParam: 3, getNextPageParam: () => null });
    expect(seen[0]).toMatchObject({ queryKey: ['k'], client: server, meta: { why: 'test' }, aborted: false });
    expect(seen[1]).toMatchObject({ queryKey: ['p'], client: server, pageParam: 3, direction: 'forward' });
    expect(server.getQueryData(['p'])).toEqual({ pages: [[3]], pageParams: [3] });
    expect(dehydrate(server).queries.find((q) => q.queryHash === '["p"]')?.queryType).toBe('infinite');
  });

  it('leaves a query already in the cache as TanStack does, and takes initial data as TanStack does', async () => {
    const [tanstack, server] = both();
    for (const client of [tanstack, server]) {
      client.setQueryData(['/api/categories'], [{ slug: 'kept' }]);
      await client.prefetchQuery(categoriesQuery());
      await client.prefetchQuery({ queryKey: ['init'], queryFn: () => 2, initialData: 1 });
    }
    expect(states(server)).toEqual(states(tanstack));
    expect(server.getQueryData(['/api/categories'])).toEqual([{ slug: 'kept' }]);
  });

  it('is the client a server render makes', () => {
    expect(createServerQueryClient()).toBeInstanceOf(ServerQueryClient);
  });
});
