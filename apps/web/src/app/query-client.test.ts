import { describe, expect, it } from 'vitest';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { pathOfRead, type PageRead } from '@chapar/shared/page-reads';
import { categoriesQuery } from '../features/categories/api.ts';
import { ApiError, getJson, setTransport } from '../lib/api-client.ts';
import { createQueryClient } from './query-client.ts';
import type { RouteContext, RouteModule } from './route-types.ts';
import { route as category } from './routes/category.tsx';
import { route as home } from './routes/home.tsx';
import { route as search } from './routes/search.tsx';
import { route as trending } from './routes/trending.tsx';

const summary = (id: number) => ({ id, slug: `khabar-${id}`, title: `خبر ${id}`, excerpt: 'خلاصه', category: 'politics', publishedAt: '2026-11-20T10:00:00.000Z', views: id * 3, keywords: ['الف'] });
/** An API in memory, answering each read by its path: lists of summaries, one missing article (404), one broken path. */
const api = (calls: string[] = []) => async (read: PageRead): Promise<unknown> => {
  const path = pathOfRead(read);
  calls.push(path);
  await Promise.resolve();
  if (path.startsWith('/api/articles/404')) throw new ApiError(404, '{"error":"not_found"}', null);
  if (path.startsWith('/api/broken')) throw new Error('connection reset');
  if (path.startsWith('/api/categories') && !path.includes('/articles')) return [{ slug: 'politics', name: 'سیاست' }];
  if (path.startsWith('/api/analytics/trending-topics')) return [{ topic: 'انتخابات', count: 4 }];
  return [summary(1), summary(2)];
};
const context = (queryClient: QueryClient, pathname: string, query = ''): RouteContext =>
  ({ queryClient, params: { slug: 'politics' }, pathname, searchParams: new URLSearchParams(query), baseUrl: 'https://chapar.example' });

describe('the site query client', () => {
  it('keeps spec 01 §9 defaults: fresh for five minutes, no retries, no refetch on focus', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 300_000, retry: false, refetchOnWindowFocus: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('prefetches every query of the public pages as data a server render dehydrates', async () => {
    const routes: Array<[RouteModule, string, string?]> = [[home, '/'], [category, '/category/politics'], [trending, '/trending'], [search, '/search', 'q=خبر']];
    for (const [route, pathname, query] of routes) {
      const client = createQueryClient();
      setTransport(client, api());
      await Promise.all([client.prefetchQuery(categoriesQuery()), route.prefetch?.(context(client, pathname, query))]);
      const queries = dehydrate(client).queries;
      expect(queries.length).toBeGreaterThan(1);
      expect(queries.every((q) => q.state.status === 'success')).toBe(true);
    }
  });

  it('leaves a failed and a broken query with its error, not data, and a 404 as the ApiError', async () => {
    const client = createQueryClient();
    setTransport(client, api());
    await Promise.all(['/api/articles/404', '/api/broken'].map((path) =>
      client.prefetchQuery({ queryKey: [path], queryFn: ({ client: c }) => getJson(c, path) })));
    expect(client.getQueryCache().getAll().map((q) => q.state.status)).toEqual(['error', 'error']);
    expect((client.getQueryState(['/api/articles/404'])?.error as ApiError).status).toBe(404);
  });

  it('answers a query asked for twice at once with one read, updated once', async () => {
    const calls: string[] = [];
    const client = createQueryClient();
    setTransport(client, api(calls));
    const options = () => ({ queryKey: ['/api/articles?limit=6'], queryFn: ({ client: c }: { client: QueryClient }) => getJson(c, '/api/articles?limit=6') });
    await Promise.all([client.prefetchQuery(options()), client.prefetchQuery(options())]);
    await client.prefetchQuery(options());
    expect(calls).toEqual(['/api/articles?limit=6']);
    expect(client.getQueryState(['/api/articles?limit=6'])?.dataUpdateCount).toBe(1);
  });
});
