import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashKey, QueryClient, skipToken, type QueryKey } from '@tanstack/react-query';
import { createQueryClient, hashQueryKey, SiteQueryClient } from './query-client.ts';

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
