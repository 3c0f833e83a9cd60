import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HotCache, LOOKED_UP, respond } from './hot-cache.ts';
import { namesEtag } from './if-none-match.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hotCache: HotCache;
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /** Opt a public GET route into the in-process read cache. */
    readCache?: boolean;
  }
}

export interface ReadCache {
  /** Drops everything; called by every write that changes what public reads return. */
  invalidate(): void;
  readonly size: number;
}

const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

/**
 * Hot public API reads kept in the hot cache. The HTTP server answers hits before routing
 * (see app.ts); this hook answers them for requests that reach the app (e.g. inject) and
 * stores fresh answers. Registered before compression so it sees the plain body.
 */
export function registerReadCache(app: FastifyInstance, cache: HotCache, ttlMs: number): void {
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.decorate('hotCache', cache);
  app.decorate('readCache', {
    invalidate: () => cache.clear(),
    get size() { return cache.size; },
  });

  // HEAD too (feed readers and directories ask it first): the same tag, and 304 to a tag they kept.
  // The GET route's handler answers it, so its whole body is here to be tagged and kept.
  const enabled = (request: FastifyRequest) =>
    ttlMs > 0 && (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config?.readCache === true;

  app.addHook('onRequest', async (request, reply) => {
    if (!enabled(request)) return;
    startedAt.set(request, cache.generation);
    // The HTTP handler looked already and let this request through (nothing kept, or it
    // refreshes a stale entry): looking again would answer it with the stale entry.
    if ((request.raw as typeof request.raw & { [LOOKED_UP]?: boolean })[LOOKED_UP]) return;
    const entry = cache.lookup(request.url, request.headers.cookie);
    if (!entry) return;
    const { status, headers, body } = respond(entry, request.headers['if-none-match'], request.headers['accept-encoding']);
    return reply.code(status).headers(headers).send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!enabled(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache') === 'HIT') return payload;
    // A handler whose answer depends on who asks marks it private: it is never kept.
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    reply.header('cache-control', CACHE_CONTROL);
    const entry = cache.store(request.url, startedAt.get(request) ?? -1, {
      body: payload, headers: reply.getHeaders() as OutgoingHttpHeaders, ttlMs, anonymousOnly: false,
    });
    reply.header('x-cache', 'MISS');
    if (entry) reply.header('etag', entry.etag);
    if (entry && namesEtag(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
