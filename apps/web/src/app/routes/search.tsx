import { useSearchParams } from 'react-router';
import { formatNumberFa } from '@chapar/shared/text';
import { isQueryTooLong, readSearchParams, searchAddressParams, searchQuery, type SearchParams } from '../../features/search/api.ts';
import { SearchForm } from '../../features/search/components/search-form.tsx';
import { SearchResults } from '../../features/search/components/search-results.tsx';
import { SearchTips } from '../../features/search/components/search-tips.tsx';
import { TRENDING_LIMITS, trendingTopicsQuery } from '../../features/trending/api.ts';
import { TrendingList } from '../../features/trending/components/trending-list.tsx';
import { pageTitle, useDocumentHead } from '../../lib/head.ts';
import { paths } from '../../lib/paths.ts';
import type { RouteModule } from '../route-types.ts';

/** Longest query shown in the title; a longer one is cut (by characters, not UTF-16 units). */
const TITLE_QUERY_MAX = 40;

function titleFor(q: string, page = 1): string {
  const chars = Array.from(q);
  const shown = chars.length > TITLE_QUERY_MAX ? `${chars.slice(0, TITLE_QUERY_MAX).join('').trimEnd()}…` : q;
  const nth = page > 1 ? `، صفحهٔ ${formatNumberFa(page)}` : '';
  return pageTitle(q ? `جستجو: ${shown}${nth}` : 'جستجوی پیشرفته');
}

function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readSearchParams(searchParams);
  useDocumentHead({ title: titleFor(params.q.trim(), params.page) });

  // Spec 01 §2: every change rewrites the address (replace, not push). New filters are a
  // new search, so they start again at its first page.
  const update = (next: SearchParams) => setSearchParams(searchAddressParams({ ...next, page: 1 }), { replace: true });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <h1 className="text-2xl font-bold">جستجوی پیشرفته</h1>
        <SearchForm params={params} onChange={update} />
        <SearchResults params={params} />
      </div>
      <aside aria-label="ستون کناری جستجو" className="space-y-6">
        <section aria-labelledby="search-trending-heading" className="rounded-2xl border border-border bg-card p-4">
          <h2 id="search-trending-heading" className="mb-2 font-bold">موضوعات داغ</h2>
          <TrendingList limit={TRENDING_LIMITS.sidebar} />
        </section>
        <SearchTips />
      </aside>
    </div>
  );
}

export const route: RouteModule = {
  Component: SearchPage,
  prefetch: ({ queryClient, searchParams }) => {
    const params = readSearchParams(searchParams);
    return Promise.all([
      params.q.trim() && !isQueryTooLong(params) ? queryClient.prefetchQuery(searchQuery(params)) : null,
      queryClient.prefetchQuery(trendingTopicsQuery(TRENDING_LIMITS.sidebar)),
    ]);
  },
  head: ({ searchParams }) => {
    const params = readSearchParams(searchParams);
    const q = params.q.trim();
    // Result pages are not worth indexing; the canonical search page is.
    return { title: titleFor(q, params.page), path: paths.search(), noindex: q !== '' };
  },
};
