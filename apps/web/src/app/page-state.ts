import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** What the server embeds in the page for the client: query data and the render time. */
export interface PageState {
  queries: DehydratedState;
  renderedAt: number;
}

/** Id of the non-executing <script type="application/json"> that carries it (CSP-safe). */
export const PAGE_STATE_ID = '__chapar_state';

/**
 * The page's queries as the browser hydrates them. A read that failed on the server is in the
 * page too, so the browser starts from what the server rendered; JSON carried its ApiError as a
 * plain object, made an ApiError again here.
 */
export function pageQueries(state: PageState | null): DehydratedState | undefined {
  if (!state) return undefined;
  const queries = state.queries.queries.map((query) => {
    const error = query.state.error as { status?: unknown; body?: unknown; serverMessage?: unknown } | null;
    if (!error || typeof error.status !== 'number') return query;
    const revived = new ApiError(error.status, String(error.body ?? ''), typeof error.serverMessage === 'string' ? error.serverMessage : null);
    return { ...query, state: { ...query.state, error: revived } };
  });
  return { ...state.queries, queries };
}
