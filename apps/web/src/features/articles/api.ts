import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Article } from '@chapar/shared/contracts';
import { pathOfRead } from '@chapar/shared/page-reads';
import { readData } from '../../lib/api-client.ts';
import { toSummaries, type ArticleSummary } from '../../lib/article-summary.ts';
import { pathQuery, readQuery } from '../../lib/query.ts';

// Spec 01 §9.
export const LATEST_LIMIT = 6;
export const FEED_PAGE_SIZE = 6;
export const CATEGORY_PREVIEW_LIMIT = 2;
export const VIDEO_LIMIT = 3;

export const featuredArticlesQuery = () => pathQuery('/api/articles/featured', toSummaries);

export const latestArticlesQuery = () =>
  queryOptions({ ...readQuery({ read: 'articles', page: 1, limit: LATEST_LIMIT }, toSummaries), refetchInterval: 60_000 });

/** The plain list, refetched every 60 s (spec 01 §7); home picks its videos from it. */
export const recentArticlesQuery = () => queryOptions({ ...readQuery({ read: 'articles' }, toSummaries), refetchInterval: 60_000 });

export const popularArticlesQuery = () => pathQuery('/api/articles/popular', toSummaries);

/** A category's articles, newest first, a page of CATEGORY_PAGE_SIZE (the first page when `page` is left out). */
export const categoryArticlesQuery = (slug: string, limit?: number, page?: number) =>
  readQuery({ read: 'category', slug, limit, page: page && page > 1 ? page : undefined }, toSummaries);

/** Infinite feed: page starts at 1, size 6, ends when a page comes back empty or short. */
export const articlesFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: [pathOfRead({ read: 'articles', limit: FEED_PAGE_SIZE }), 'feed'] as const,
    queryFn: async ({ client, pageParam }) =>
      toSummaries(await readData<Article[]>(client, { read: 'articles', page: pageParam, limit: FEED_PAGE_SIZE })),
    initialPageParam: 1,
    getNextPageParam: (lastPage: ArticleSummary[], _pages, lastPageParam: number) =>
      lastPage.length < FEED_PAGE_SIZE ? undefined : lastPageParam + 1,
  });

export const useFeaturedArticles = () => useQuery(featuredArticlesQuery());
export const useLatestArticles = () => useQuery(latestArticlesQuery());
export const usePopularArticles = () => useQuery(popularArticlesQuery());
/** No slug, no read: a page left for another renders once more without its slug, and /api/categories//articles is no list. */
export const useCategoryArticles = (slug: string, limit?: number, page?: number) =>
  useQuery({ ...categoryArticlesQuery(slug, limit, page), enabled: slug !== '' });

/** The category page's page size: the API's own default. */
export const CATEGORY_PAGE_SIZE = 12;
export const useArticlesFeed = () => useInfiniteQuery(articlesFeedQuery());

export function useVideoArticles() {
  return useQuery({
    ...recentArticlesQuery(),
    select: (articles: ArticleSummary[]) => articles.filter((a) => a.videoUrl).slice(0, VIDEO_LIMIT),
  });
}

/** Merge feed pages, keeping the first occurrence of each id (spec 01 §4). */
export function dedupeById(pages: ArticleSummary[][]): ArticleSummary[] {
  const seen = new Set<number>();
  const out: ArticleSummary[] = [];
  for (const page of pages) {
    for (const article of page) {
      if (seen.has(article.id)) continue;
      seen.add(article.id);
      out.push(article);
    }
  }
  return out;
}
