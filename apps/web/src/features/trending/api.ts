import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../lib/api-client.ts';
import { pathQuery } from '../../lib/query.ts';

/** Trending topic of spec 01 §3. */
export interface TrendingTopic {
  keyword: string;
  count: number;
  trend: 'up' | 'down' | string;
  category: string;
}

// Spec 01 §9: 20 on home, 30 on the trending page, 10 in the search sidebar.
export const TRENDING_LIMITS = { home: 20, page: 30, sidebar: 10 } as const;

export const trendingTopicsQuery = (limit: number) =>
  queryOptions({
    ...pathQuery<TrendingTopic[]>(withQuery('/api/analytics/trending-topics', { limit })),
    refetchInterval: 5 * 60_000,
  });

export const useTrendingTopics = (limit: number) => useQuery(trendingTopicsQuery(limit));

// Spec 01 §9: font size linear in count, 0.7rem to 2.5rem.
export const CLOUD_FONT = { min: 0.7, max: 2.5 } as const;

export function cloudFontSize(count: number, minCount: number, maxCount: number): number {
  if (maxCount <= minCount) return (CLOUD_FONT.min + CLOUD_FONT.max) / 2;
  const t = (count - minCount) / (maxCount - minCount);
  return Math.round((CLOUD_FONT.min + t * (CLOUD_FONT.max - CLOUD_FONT.min)) * 100) / 100;
}
