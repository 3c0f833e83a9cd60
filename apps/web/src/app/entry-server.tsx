import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Writable } from 'node:stream';
import { StaticRouter } from 'react-router';
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { categoriesQuery } from '../features/categories/api.ts';
import { ApiError, setTransport, type JsonFetcher } from '../lib/api-client.ts';
import { lazyPartsLoading } from '../lib/lazy-part.ts';
import { pageTitle, renderHeadTags, safeJson } from '../lib/head.ts';
import { PAGE_STATE_ID, type PageState } from './page-state.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import type { RouteContext } from './route-types.ts';
import { AppRoutes, isAdminPath, loadRoute, matchPublicRoute, type PublicRoute } from './routes.tsx';

export interface RenderOptions {
  /** Path and query of the request, e.g. '/search?q=x'. */
  url: string;
  /** Answers a page's read; throws an error with `status` (and `body`) on a non-2xx answer. */
  fetchJson: JsonFetcher;
  /** Origin for canonical and Open Graph URLs, e.g. 'https://chapar.example'. */
  publicBaseUrl?: string;
}

export interface RenderResult {
  status: number;
  /** Set with a 3xx status: where to send the reader. */
  redirect?: string;
  /** Tags for <head>: title, description, canonical, Open Graph, Twitter, JSON-LD. */
  head: string;
  /** Markup for inside #root (empty for the client-only admin area). */
  html: string;
  dehydratedState: PageState | null;
  /** The <script type="application/json"> carrying dehydratedState, for after #root. */
  stateScript: string;
  /** Source modules the page needs at once; the server adds modulepreload links from the manifest. */
  modules: string[];
  /** False when some data failed to load (5xx, network): the page must not be cached. */
  cacheable: boolean;
}

// Errors from the server's fetcher become the same ApiError the browser would raise, so
// pages decide on 404s the same way on both sides.
function withApiErrors(fetchJson: RenderOptions['fetchJson']): JsonFetcher {
  return async (read) => {
    try {
      return await fetchJson(read);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (typeof status !== 'number') throw error;
      const body = String((error as { body?: unknown }).body ?? (error as Error).message ?? '');
      let serverMessage: string | null = null;
      try {
        serverMessage = (JSON.parse(body) as { message?: string }).message ?? null;
      } catch {
        // Not JSON.
      }
      throw new ApiError(status, body, serverMessage);
    }
  };
}

function renderToHtml(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    // Bytes are joined before decoding: a chunk may end inside a Persian letter.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    // All data is prefetched, so waiting for everything costs nothing and gives crawlers,
    // the page cache and readers without JavaScript the complete page.
    const stream = renderToPipeableStream(node, {
      // Never outline a finished boundary into a hidden segment revealed by an inline
      // script: the CSP forbids inline scripts and readers without JavaScript need the text.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        console.error('ssr render error', error);
      },
    });
  });
}

/** React's marker of a Suspense boundary it left for the browser to render. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

/**
 * The page's markup in one synchronous pass (its data is prefetched); only while a lazy part's
 * code is still loading can a part suspend, and then the streaming renderer waits for it.
 */
export async function renderHtml(node: ReactNode): Promise<string> {
  const html = renderToString(node);
  return lazyPartsLoading() > 0 && html.includes(LEFT_TO_THE_BROWSER) ? renderToHtml(node) : html;
}

/** React's Suspense boundary markers, `<!--$-->` and `<!--/$-->`. */
const SUSPENSE_MARKERS = /<!--\/?\$-->/g;

/**
 * React's output made ready for Preact's hydration (decision 0004). React puts the resource
 * hints it hoists (the cover image's preload) at the top of the body and marks Suspense
 * boundaries with comments that only React's own client reads; Preact, meeting them where it
 * expects the page's first element, moves whole subtrees (the entire layout) while hydrating.
 * The hints go to the head, where they also start the download sooner; the markers go.
 */
export function forPreactHydration(html: string): { hoisted: string; body: string } {
  let start = 0;
  while (html.startsWith('<link ', start)) start = html.indexOf('>', start) + 1;
  // One pass over the page (it is 60-100 KB): the markers go as the body is copied.
  return { hoisted: html.slice(0, start), body: html.slice(start).replace(SUSPENSE_MARKERS, '') };
}

function serializeState(state: PageState): string {
  return `<script type="application/json" id="${PAGE_STATE_ID}">${safeJson(state)}</script>`;
}

function appTree(url: string, route: PublicRoute, queryClient: QueryClient, renderedAt: number): ReactNode {
  return (
    <StrictMode>
      <StaticRouter location={url}>
        <Providers queryClient={queryClient} renderedAt={renderedAt}>
          <AppRoutes only={route} />
        </Providers>
      </StaticRouter>
    </StrictMode>
  );
}

/** A read that failed goes to the browser too: it hydrates what was rendered (a 'not found', not a skeleton). */
const withFailedReads = (query: Query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error';

/** Renders one page: prefetches its queries in-process, renders, and dehydrates them. */
export async function render({ url, fetchJson, publicBaseUrl = '' }: RenderOptions): Promise<RenderResult> {
  const location = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  setTransport(queryClient, withApiErrors(fetchJson));
  const renderedAt = Date.now();

  if (isAdminPath(location.pathname)) {
    const state: PageState = { queries: dehydrate(queryClient), renderedAt };
    const head = renderHeadTags({ title: pageTitle('پنل مدیریت'), path: location.pathname, noindex: true }, publicBaseUrl);
    return { status: 200, head, html: '', dehydratedState: state, stateScript: serializeState(state), modules: [], cacheable: false };
  }

  const { route, params } = matchPublicRoute(location.pathname);
  const module = await loadRoute(route);
  const ctx: RouteContext = { queryClient, params, pathname: location.pathname, searchParams: location.searchParams, baseUrl: publicBaseUrl };
  await Promise.all([queryClient.prefetchQuery(categoriesQuery()), module.prefetch?.(ctx)]);
  const outcome = module.resolve?.(ctx) ?? { status: 200 };
  if (outcome.redirect) {
    return { status: outcome.status, redirect: outcome.redirect, head: '', html: '', dehydratedState: null, stateScript: '', modules: [], cacheable: true };
  }

  const { hoisted, body: html } = forPreactHydration(await renderHtml(appTree(location.pathname + location.search, route, queryClient, renderedAt)));
  const state: PageState = { queries: dehydrate(queryClient, { shouldDehydrateQuery: withFailedReads }), renderedAt };
  const head = renderHeadTags(module.head(ctx), publicBaseUrl) + hoisted;
  // A 4xx answer is a fact about the page; anything else is a passing failure not to be cached.
  const failed = queryClient.getQueryCache().getAll().some(({ state: { error } }) => error && !(error instanceof ApiError && error.status < 500));
  queryClient.clear();
  return {
    status: outcome.status,
    head,
    html,
    dehydratedState: state,
    stateScript: serializeState(state),
    modules: [route.src],
    cacheable: !failed,
  };
}
