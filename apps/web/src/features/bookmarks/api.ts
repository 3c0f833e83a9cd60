import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bookmark } from '@chapar/shared/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { getSessionId } from '../../lib/session-id.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

export const BOOKMARKS_PATH = '/api/bookmarks';
// Same value as SESSION_ID_HEADER in the contracts (importing it would bring zod along).
export const SESSION_HEADER = 'x-session-id';

/** GET /api/bookmarks for this browser's session; spec 01 §9: no retry. */
export const bookmarksQuery = () =>
  queryOptions({
    queryKey: [BOOKMARKS_PATH] as const,
    queryFn: () => apiRequest<Bookmark[]>('GET', BOOKMARKS_PATH, { headers: { [SESSION_HEADER]: getSessionId() } }),
    retry: false,
    staleTime: 60_000,
  });

/** Whether the article is bookmarked; asked only in the browser (the session id lives there). */
export function useIsBookmarked(articleId: number): { bookmarked: boolean; ready: boolean } {
  const hydrated = useHydrated();
  const { data } = useQuery({ ...bookmarksQuery(), enabled: hydrated });
  return { bookmarked: Boolean(data?.some((b) => b.articleId === articleId)), ready: data !== undefined };
}

/** POST /api/bookmarks {sessionId, articleId}: toggles and answers the new state. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (articleId: number) =>
      apiRequest<{ bookmarked: boolean }>('POST', BOOKMARKS_PATH, {
        body: { sessionId: getSessionId(), articleId },
        headers: { [SESSION_HEADER]: getSessionId() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [BOOKMARKS_PATH] }),
  });
}
