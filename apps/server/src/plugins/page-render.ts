// One render of a public page, in the order it happens: the article id parsed once, the
// redirect table (spec 02 §2), the reads sent with the job (read-plans.ts), the render itself
// (a render thread or this one); renders queued first come, first served, and shared by readers
// of the same address while one runs.
import { articlePath, parseArticleId } from '@chapar/shared/text';
import { etagOf, type FinishedPage, type PageEncoding } from '@chapar/shared/node-render';
import { pageRenderDuration } from '../metrics/registry.ts';
import type { CachedPage } from './page-cache.ts';
import type { PageData, PageFetcher } from './page-data.ts';
import { politely } from './polite-reads.ts';
import { createReadPlans } from './read-plans.ts';
import type { PageRenderer } from './render-pool.ts';
import { createRenderQueue } from './render-queue.ts';

/** A page as the handler has it: kept unless `cacheable` is false; `encoded` is for the reader who asked, never kept. */
export type RenderedPage = CachedPage & { cacheable: boolean; encoded?: FinishedPage['encoded'] };

const NO_BODY = Buffer.alloc(0);
/** Bytes from a render thread arrive as a plain Uint8Array: the same memory, seen as a Buffer. */
export const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

// Renders under way at once: two on the server's own thread, eight with render threads (a page
// goes back and forth between the threads; fewer left both idle part of the time).
const RENDER_CONCURRENCY = 2;
const RENDER_CONCURRENCY_WITH_THREADS = 8;

/** The article an address names (/article/…-42, /s/42), null for any other page or an id past MAX_ID. */
export function articleIdOf(url: string): number | null {
  return /^\/(?:article|s)\//i.test(url) ? parseArticleId(url.split(/[?#]/, 1)[0]) : null;
}

/**
 * Spec 02 §2: an article whose id moved (884 → 885) answers 301 to the target's clean address.
 * The redirect comes with the article's own read (page-data.ts): a page that did not move pays nothing.
 */
async function movedArticle(url: string, id: number, fetcher: PageFetcher): Promise<string | undefined> {
  // A read that fails here fails the page's own read of the article too, and the page answers it (503).
  const toId = await fetcher.movedTo(id).catch(() => undefined);
  if (toId === undefined || toId === id) return undefined;
  const search = url.split(/\?(.*)/s, 2)[1];
  let target = `/article/${toId}`;
  try {
    target = articlePath((await fetcher({ read: 'article', id: toId })) as { id: number; title: string });
  } catch {
    // Missing target: its own address answers 404.
  }
  return search ? `${target}?${search}` : target;
}

export interface PageRendering {
  /** Renders `url` when its turn comes. `background`: nobody waits, so its reads give way to readers. */
  render(url: string, background: boolean, encoding?: PageEncoding): Promise<RenderedPage>;
  /** The same, shared with every reader of `url` who asks while it runs (within one cache generation). */
  shared(url: string, generation: number, background?: boolean, encoding?: PageEncoding): Promise<RenderedPage>;
}

export function createPageRendering(renderer: PageRenderer, pageData: PageData, publicBaseUrl: string): PageRendering {
  const readPlans = createReadPlans();
  const renderNow = async (url: string, background: boolean, encoding?: PageEncoding): Promise<RenderedPage> => {
    const fetcher = pageData.fetcher();
    const articleId = articleIdOf(url);
    const moved = articleId === null ? undefined : await movedArticle(url, articleId, fetcher);
    if (moved) return { status: 301, body: NO_BODY, etag: etagOf(moved), location: moved, cacheable: true };
    const read = background ? politely(fetcher) : fetcher;
    // A render thread gets what the page will read with its job.
    const plan = renderer.threads > 0 ? readPlans.forPage(url, articleId) : undefined;
    const reads = await plan?.preread(read);
    // `encoding`: the reader's, for the renderer to compress on the thread with time to spare.
    const endRender = pageRenderDuration.startTimer();
    const page = await renderer.render({ url, fetchJson: read, publicBaseUrl, encoding, reads }).finally(endRender);
    if (plan && page.read) plan.learn(page.read);
    return { status: page.status, body: asBuffer(page.body), etag: page.etag, location: page.redirect, cacheable: page.cacheable, encoded: page.encoded };
  };
  const queue = createRenderQueue(renderer.threads > 0 ? RENDER_CONCURRENCY_WITH_THREADS : RENDER_CONCURRENCY);
  const render = (url: string, background: boolean, encoding?: PageEncoding) => queue.run(() => renderNow(url, background, encoding));

  // After a publish empties the caches, a crowd on the home page costs one render, not one each.
  const inFlight = new Map<string, Promise<RenderedPage>>();
  const shared = (url: string, generation: number, background = false, encoding?: PageEncoding) => {
    const key = `${generation} ${url}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = render(url, background, encoding).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
  return { render, shared };
}
