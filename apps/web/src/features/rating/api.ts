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

/** POST {rating, sessionId}; a second rating replaces the first. */
export function useRate(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      apiRequest<RatingSummary>('POST', ratingPath(articleId), { body: { rating, sessionId: getSessionId() }, headers: { [SESSION_HEADER]: getSessionId() } }),
    onSuccess: ({ averageRating, totalRatings, userRating }) =>
      client.setQueryData(ratingQuery(articleId).queryKey, { averageRating, totalRatings, userRating }),
  });
}
