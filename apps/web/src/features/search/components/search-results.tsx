import { AlertCircle, SearchX } from '../../../components/icons';
import { formatNumberFa, SEARCH_QUERY_TOO_LONG } from '@chapar/shared/text';
import { ArticleGrid } from '../../../components/article-grid.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { hasMoreResults, isQueryTooLong, useSearch, type SearchParams } from '../api.ts';
import { SearchPager } from './search-pager.tsx';

export const SEARCH_TEXTS = {
  noResult: 'نتیجه‌ای یافت نشد',
  failed: 'خطا در جستجو. لطفاً دوباره تلاش کنید.',
  prompt: 'عبارتی را برای جستجو در اخبار وارد کنید.',
} as const;

function SearchAlert({ children }: { children: string }) {
  return (
    <p role="alert" className="flex items-center justify-center gap-2 rounded-xl bg-accent-soft p-6 text-center text-accent">
      <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
      {children}
    </p>
  );
}

export function SearchResults({ params }: { params: SearchParams }) {
  const search = useSearch(params);
  const q = params.q.trim();
  if (!q) return <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted">{SEARCH_TEXTS.prompt}</p>;
  // Known before asking, so the server-rendered page (no JavaScript) says it too.
  if (isQueryTooLong(params)) return <SearchAlert>{SEARCH_QUERY_TOO_LONG}</SearchAlert>;
  if (search.isError) {
    // A query the server refuses says why: trying again would not help.
    return <SearchAlert>{isApiError(search.error, 400) && search.error.serverMessage ? search.error.serverMessage : SEARCH_TEXTS.failed}</SearchAlert>;
  }
  const data = search.data;
  return (
    <div aria-busy={search.isFetching} className="space-y-4">
      {data && (
        <p role="status" className="text-sm text-muted">
          {formatNumberFa(data.total)} نتیجه برای «<bdi className="font-bold text-fg">{q}</bdi>»
        </p>
      )}
      <ArticleGrid
        articles={data?.articles}
        isLoading={search.isLoading}
        headingLevel="h2"
        empty={<span className="inline-flex items-center gap-2"><SearchX aria-hidden="true" className="size-5" />{SEARCH_TEXTS.noResult}</span>}
      />
      {data && <SearchPager params={params} hasMore={hasMoreResults(params.page, data.articles.length, data.total)} />}
    </div>
  );
}
