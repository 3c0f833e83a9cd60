import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
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

const toggleKey = (articleId: number) => [BOOKMARKS_PATH, 'toggle', articleId] as const;

/**
 * A toggle of this article not yet answered, from any of its buttons (the top bar's and the
 * pill): `paused` while it waits for the connection.
 */
export function usePendingBookmarkToggle(articleId: number): { pending: boolean; paused: boolean } {
  const paused = useMutationState({ filters: { mutationKey: toggleKey(articleId), status: 'pending' }, select: (m) => m.state.isPaused });
  return { pending: paused.length > 0, paused: paused.some(Boolean) };
}

/** What the bookmark button says once the toggle has really been sent (or has failed). */
export interface ToggleBookmarkOutcome {
  onSuccess?: (answer: { bookmarked: boolean }, articleId: number) => void;
  onError?: (error: unknown, articleId: number) => void;
}

/**
 * POST /api/bookmarks {sessionId, articleId}: toggles and answers the new state.
 *
 * Offline, TanStack Query's 'online' network mode holds the mutation as paused
 * (`isPaused`) and sends it once, when the browser is back online, while this page is
 * open; the button says so. No automatic retry (spec 01 §9). The outcome handlers are the
 * mutation's own, so they run even if the reader has moved to another page of the site.
 */
export function useToggleBookmark(articleId: number, outcome: ToggleBookmarkOutcome = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: toggleKey(articleId),
    networkMode: 'online',
    retry: false,
    mutationFn: (articleId: number) =>
      apiRequest<{ bookmarked: boolean }>('POST', BOOKMARKS_PATH, {
        body: { sessionId: getSessionId(), articleId },
        headers: { [SESSION_HEADER]: getSessionId() },
      }),
    // Pending until the list is read again, so the button never shows the old state after the answer.
    onSuccess: async (answer, articleId) => {
      await client.invalidateQueries({ queryKey: [BOOKMARKS_PATH] });
      outcome.onSuccess?.(answer, articleId);
    },
    onError: (error, articleId) => outcome.onError?.(error, articleId),
  });
}
