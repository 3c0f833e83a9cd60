import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashKey } from '@tanstack/react-query';
import { createQueryClient, hashQueryKey } from './query-client.ts';

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
