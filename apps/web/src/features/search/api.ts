import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Article } from '@chapar/shared/contracts';
import { SEARCH_QUERY_MAX } from '@chapar/shared/text';
import { getJson, withQuery } from '../../lib/api-client.ts';
import { toSummaries, type ArticleSummary } from '../../lib/article-summary.ts';

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'مرتبط‌ترین' },
  { value: 'date', label: 'جدیدترین' },
  { value: 'views', label: 'پربازدیدترین' },
] as const;

export const DATE_OPTIONS = [
  { value: 'all', label: 'همه زمان‌ها' },
  { value: 'today', label: 'امروز' },
  { value: 'week', label: 'هفته گذشته' },
  { value: 'month', label: 'ماه گذشته' },
  { value: '3months', label: 'سه ماه گذشته' },
] as const;

/** The API's page of results and its last page (the search contract; its test holds them equal). */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 500;

export interface SearchParams {
  q: string;
  category: string;
  sort: string;
  date: string;
  /** The page of results, from 1; the address names it only from 2 on. */
  page: number;
}

export const DEFAULT_SEARCH: SearchParams = { q: '', category: 'all', sort: 'relevance', date: 'all', page: 1 };

/** `?page=` as a page number: plain digits up to the API's last page, anything else the first. */
function pageOf(raw: string | null): number {
  const page = raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
  return page <= SEARCH_PAGE_MAX ? page : 1;
}

export function readSearchParams(search: URLSearchParams): SearchParams {
  return {
    q: search.get('q') ?? '',
    category: search.get('category') || DEFAULT_SEARCH.category,
    sort: search.get('sort') || DEFAULT_SEARCH.sort,
    date: search.get('date') || DEFAULT_SEARCH.date,
    page: pageOf(search.get('page')),
  };
}

/** The address's query for these parameters: defaults left out, so /search?q=x is the plain search (spec 01 §2). */
export function searchAddressParams(params: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['q', 'category', 'sort', 'date'] as const) {
    if (params[key] && params[key] !== DEFAULT_SEARCH[key]) out.set(key, params[key]);
  }
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** The search page's address for these parameters. */
export function searchHref(params: SearchParams): string {
  const qs = searchAddressParams(params).toString();
  return qs ? `/search?${qs}` : '/search';
}

/** Whether a page after `page` holds more results: this one is full and `total` counts past it. */
export const hasMoreResults = (page: number, shown: number, total: number) =>
  shown >= SEARCH_PAGE_SIZE && page * SEARCH_PAGE_SIZE < total && page < SEARCH_PAGE_MAX;

/** A query the API would refuse (spec: at most 200 characters, counted after trimming). */
export const isQueryTooLong = (params: SearchParams) => params.q.trim().length > SEARCH_QUERY_MAX;

export interface SearchResult {
  articles: ArticleSummary[];
  total: number;
}

// Spec 01 §7: the result is read from `articles`, else `results`, else the body itself.
export function toSearchResult(body: unknown): SearchResult {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const list = (record?.articles ?? record?.results ?? body) as unknown;
  const articles = Array.isArray(list) ? toSummaries(list as Article[]) : [];
  const total = typeof record?.total === 'number' ? record.total : articles.length;
  return { articles, total };
}

export function searchPath(params: SearchParams): string {
  return withQuery('/api/search/advanced', {
    q: params.q.trim(),
    category: params.category === 'all' ? undefined : params.category,
    sort: params.sort,
    date: params.date,
    page: params.page > 1 ? params.page : undefined,
  });
}

export const searchQuery = (params: SearchParams) => {
  const path = searchPath(params);
  return queryOptions({
    queryKey: [path] as const,
    queryFn: async ({ client }) => toSearchResult(await getJson<unknown>(client, path)),
    // Spec 01 §5: search runs only with a non-empty query; one the API refuses is never sent.
    enabled: params.q.trim() !== '' && !isQueryTooLong(params),
  });
};

export const useSearch = (params: SearchParams) => useQuery({ ...searchQuery(params), placeholderData: keepPreviousData });
