import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatingSummary } from '@chapar/shared/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { getSessionId } from '../../lib/session-id.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const SESSION_HEADER = 'x-session-id';
export const ratingPath = (articleId: number) => `/api/articles/${articleId}/rating`;

/** GET /api/articles/{id}/rating: average, count and this visitor's own rating. */
export const ratingQuery = (articleId: number) =>
  queryOptions({
    queryKey: [ratingPath(articleId)] as const,
    queryFn: () => apiRequest<RatingSummary>('GET', ratingPath(articleId), { headers: { [SESSION_HEADER]: getSessionId() } }),
  });

/** Per visitor, so read in the browser only. */
export function useRating(articleId: number) {
  const hydrated = useHydrated();
  return useQuery({ ...ratingQuery(articleId), enabled: hydrated });
}

/** What the rating widget says once the rating has really been sent (or has failed). */
export interface RateOutcome {
  onSuccess?: (summary: RatingSummary, stars: number) => void;
  onError?: (error: unknown, stars: number) => void;
}

/**
 * POST {rating, sessionId}; a second rating replaces the first.
 *
 * Offline, TanStack Query's 'online' network mode holds the mutation as paused
 * (`isPaused`) and sends it once, when the browser is back online, while this page is
 * open; the widget says so. A page opened offline starts so (features/offline/start-offline.ts). No automatic retry (spec 01 §9). The outcome handlers are the
 * mutation's own, so the reader still hears the result after leaving the article within
 * the site; a closed page sends nothing and claims nothing.
 */
export function useRate(articleId: number, outcome: RateOutcome = {}) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'online',
    retry: false,
    mutationFn: (rating: number) =>
      apiRequest<RatingSummary>('POST', ratingPath(articleId), { body: { rating, sessionId: getSessionId() }, headers: { [SESSION_HEADER]: getSessionId() } }),
    onSuccess: (summary, stars) => {
      const { averageRating, totalRatings, userRating } = summary;
      client.setQueryData(ratingQuery(articleId).queryKey, { averageRating, totalRatings, userRating });
      outcome.onSuccess?.(summary, stars);
    },
    onError: (error, stars) => outcome.onError?.(error, stars),
  });
}
