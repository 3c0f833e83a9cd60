import type { DehydratedState } from '@tanstack/react-query';

/** What the server embeds in the page for the client: query data and the render time. */
export interface PageState {
  queries: DehydratedState;
  renderedAt: number;
}

/** Id of the non-executing <script type="application/json"> that carries it (CSP-safe). */
export const PAGE_STATE_ID = '__chapar_state';
