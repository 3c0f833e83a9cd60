import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@chapar/db';
import { ADMIN_PAGE_PATHS, adminTabAddress } from '@chapar/shared/contracts';
import { brotliOptions, COMPRESS_MIN_BYTES, PAGE_GZIP } from '@chapar/shared/node-render';
import { acceptedEncoding } from './accept-encoding.ts';
import { RETRY_AFTER_SECONDS } from './error-handler.ts';
import { namesEtag } from './if-none-match.ts';
import { SESSION_COOKIE } from './auth.ts';
import { createPageCache, type CachedPage, type PageCache } from './page-cache.ts';
import { createPageData, type PageData } from './page-data.ts';
import { asBuffer, createPageRendering, type RenderedPage } from './page-render.ts';
import { inProcessRenderer, readPageShell, startRenderThreads } from './page-shell.ts';
import { plainPage } from './plain-page.ts';
import type { PageRenderer } from './render-pool.ts';

export { readPageShell, startRenderThreads };

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered pages for anonymous readers; dropped or marked stale on content changes. */
    pageCache: PageCache;
    /** Derived data the pages share (sidebars, categories); marked stale on content changes. */
    pageData: PageData;
    /** What renders the pages: render threads, or the server's own thread. */
    pageRenderer: PageRenderer;
  }
}

export interface SsrPluginOptions {
  /** apps/web/dist: holds client/ (browser assets, index.html, manifest) and server/entry-server.js. */
  webDistDir: string;
  /** Origin for canonical and Open Graph URLs. */
  publicBaseUrl: string;
  pageCacheTtlMs: number;
  /** How long derived data shared by every page (categories, sidebars) is used; 0 turns it off. */
  derivedDataTtlMs?: number;
  /** The database the page data is read from (the API in process, and no redirects, when absent). */
  db?: Db;
  /** Threads that render pages (plugins/render-pool.ts); 0 renders on the server's own thread. */
  renderThreads?: number;
  /** Render threads started earlier (startRenderThreads), so they load the site while the database opens; closed with the app. */
  renderer?: PageRenderer;
}

// Any /admin/... path outside the admin area's addresses answers 404 (the page itself shows the 404 screen).
const ADMIN_PAGES = new Set<string>(ADMIN_PAGE_PATHS);

const ANONYMOUS_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const PRIVATE_CACHE_CONTROL = 'private, no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILE = 'public, max-age=3600';
const ERROR_PAGE = plainPage('خطای داخلی سرور', 'لطفاً چند لحظه دیگر دوباره تلاش کنید.');

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// A Location header carries only ASCII: encode non-ASCII runs and spaces, keep existing escapes.
function encodeLocation(location: string): string {
  return location.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

function hasSession(request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[SESSION_COOKIE] ?? request.headers.cookie?.includes(`${SESSION_COOKIE}=`));
}

/**
 * Public pages rendered on the server (spec 01 §2) and the built browser assets. Registered
 * at the root, after the API routes: their more specific routes win over the catch-all.
 */
export async function ssrPlugin(app: FastifyInstance, opts: SsrPluginOptions): Promise<void> {
  const clientDir = path.join(opts.webDistDir, 'client');
  const serverEntry = path.join(opts.webDistDir, 'server', 'entry-server.js');
  if (!existsSync(serverEntry) || !existsSync(path.join(clientDir, 'index.html')) || !existsSync(path.join(clientDir, 'admin.html'))) {
    throw new Error(`The web app is not built (${opts.webDistDir}): run \`npm run build\` first.`);
  }
  const threads = opts.renderThreads ?? 0;
  let renderer: PageRenderer;
  if (opts.renderer || threads > 0) {
    renderer = opts.renderer ?? await startRenderThreads(opts.webDistDir, threads, (error) => app.log.error({ err: error }, 'render thread failed; a new one takes its place'));
    app.addHook('onClose', () => renderer.close());
  } else {
    renderer = await inProcessRenderer(opts.webDistDir);
  }
  app.decorate('pageRenderer', renderer);
  // The admin area is its own client-only build (docs/decisions/0009-admin-client.md).
  const adminPage = await readFile(path.join(clientDir, 'admin.html'), 'utf8');
  const baseUrl = opts.publicBaseUrl.replace(/\/$/, '');

  const pageCache = createPageCache({ ttlMs: opts.pageCacheTtlMs });
  app.decorate('pageCache', pageCache);
  const pageData = createPageData(app, { db: opts.db, derivedTtlMs: opts.derivedDataTtlMs ?? 0 });
  app.decorate('pageData', pageData);

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The template is only ever sent rendered.
    globIgnore: ['index.html', 'admin.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : PUBLIC_FILE);
    },
  });

  const pages = createPageRendering(renderer, pageData, baseUrl);

  // Compressed in one call on the whole body, on the thread pool, unless the renderer already did.
  const send = async (request: FastifyRequest, reply: FastifyReply, page: CachedPage & Pick<RenderedPage, 'encoded'>, cacheControl: string) => {
    reply.header('cache-control', cacheControl).header('etag', page.etag);
    if (page.location) return reply.redirect(encodeLocation(page.location), page.status);
    reply.header('vary', 'accept-encoding');
    // Only a page that is there is 'not modified' (RFC 9110 §13.2.1): a 404 is sent again in full.
    if (page.status === 200 && namesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.code(page.status).type('text/html; charset=utf-8');
    // A page whose content could not be read (503): when to come back, as the API says it.
    if (page.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const encoding = page.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) {
      const made = page.encoded?.encoding === encoding ? page.encoded.body : undefined;
      const body = made ? asBuffer(made) : await (encoding === 'br' ? brotliAsync(page.body, brotliOptions(page.body.length)) : gzipAsync(page.body, PAGE_GZIP));
      return reply.header('content-encoding', encoding).send(body);
    }
    return reply.send(page.body);
  };

  /** Keeps an anonymous page for later readers: in the page cache and in the HTTP handler's cache. */
  const keep = (url: string, page: CachedPage, started: { generation: number; version: number; hotGeneration: number; hotVersion: number }, headers: OutgoingHttpHeaders) => {
    pageCache.set(url, page, started.generation, started.version);
    if (page.status === 200 && !page.location) {
      // Later anonymous requests for this page are answered by the HTTP handler itself.
      app.hotCache.store(url, started.hotGeneration, {
        body: page.body,
        headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': ANONYMOUS_CACHE_CONTROL, 'x-page-cache': 'HIT' },
        ttlMs: opts.pageCacheTtlMs,
        anonymousOnly: true,
      }, started.hotVersion);
    }
  };
  const startedNow = () => ({ generation: pageCache.generation, version: pageCache.version, hotGeneration: app.hotCache.generation, hotVersion: app.hotCache.version });

  /**
   * A page whose content changed is served as it was while one render replaces it: readers
   * never wait for a render after a publish (stale-while-revalidate, bounded by the cache).
   */
  const refreshing = new Set<string>();
  const refreshInBackground = (request: FastifyRequest, url: string, headers: OutgoingHttpHeaders) => {
    if (refreshing.has(url)) return;
    refreshing.add(url);
    const started = startedNow();
    // After the answers already waiting in this turn of the event loop have been written.
    new Promise<void>((resolve) => setImmediate(resolve)).then(() => pages.shared(url, started.generation, true)).then((page) => {
      if (!page.cacheable) return;
      const { cacheable: _kept, encoded: _sent, ...stored } = page;
      keep(url, stored, started, headers);
    }).catch((error: unknown) => {
      request.log.error({ err: error }, 'server-side render (refresh) failed');
    }).finally(() => refreshing.delete(url));
  };

  const sharedHeaders = (reply: FastifyReply): OutgoingHttpHeaders => {
    const headers = { ...(reply.getHeaders() as OutgoingHttpHeaders) };
    delete headers['x-page-cache'];
    delete headers.etag;
    return headers;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    // Unknown API paths keep their JSON 404; a missing asset is not worth rendering a page for.
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/assets/')) return reply.callNotFound();
    const isAdmin = url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');
    if (isAdmin) {
      const known = ADMIN_PAGES.has(url.split(/[?#]/, 1)[0].replace(/(.)\/$/, '$1'));
      // A tab's name typed as a path (/admin/articles): the dashboard with that tab open.
      const tab = known ? undefined : adminTabAddress(url);
      if (tab) return reply.header('cache-control', 'no-store').redirect(tab, 301);
      return reply.code(known ? 200 : 404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(adminPage);
    }
    const cacheable = !isAdmin && !hasSession(request);
    if (cacheable) {
      const hit = pageCache.lookup(url);
      if (hit && !hit.stale) return send(request, reply.header('x-page-cache', 'HIT'), hit.page, ANONYMOUS_CACHE_CONTROL);
      if (hit) {
        refreshInBackground(request, url, sharedHeaders(reply));
        return send(request, reply.header('x-page-cache', 'STALE'), hit.page, ANONYMOUS_CACHE_CONTROL);
      }
    }
    const started = startedNow();
    let page: RenderedPage;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    try {
      page = await (cacheable && opts.pageCacheTtlMs > 0 ? pages.shared(url, started.generation, false, encoding) : pages.render(url, false, encoding));
    } catch (error) {
      request.log.error({ err: error }, 'server-side render failed');
      return reply.code(500).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(ERROR_PAGE);
    }
    if (!cacheable) return send(request, reply, page, isAdmin ? 'no-store' : PRIVATE_CACHE_CONTROL);
    // A page built while the API was failing is sent, but neither kept nor shared.
    if (!page.cacheable) return send(request, reply, page, 'no-store');
    const { cacheable: _kept, encoded, ...stored } = page;
    if (opts.pageCacheTtlMs > 0) keep(url, stored, started, sharedHeaders(reply));
    return send(request, reply.header('x-page-cache', 'MISS'), { ...stored, encoded }, ANONYMOUS_CACHE_CONTROL);
  };

  // Pages are compressed by send() in one call (see PAGE_BR), not by the compression plugin's stream.
  app.get('/', { compress: false, config: { page: true } }, handler);
  app.get('/*', { compress: false, config: { page: true } }, handler);
}

// Registered at the root (fastify-plugin semantics): the decorator and routes are app-wide.
(ssrPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
