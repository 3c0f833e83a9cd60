import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /** Opt a public GET route into the in-process read cache. */
    readCache?: boolean;
  }
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  expiresAt: number;
}

export interface ReadCache {
  /** Drops everything; called by every write that changes what public reads return. */
  invalidate(): void;
  readonly size: number;
}

const MAX_ENTRIES = 5_000;
const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

/**
 * Hot public reads kept in memory for a short time and dropped on writes. A hit never
 * touches the database: the route's handler does not run.
 */
export function registerReadCache(app: FastifyInstance, ttlMs: number): void {
  const entries = new Map<string, Entry>();
  const startedAt = new WeakMap<FastifyRequest, number>();
  let generation = 0;

  app.decorate('readCache', {
    invalidate: () => { generation++; entries.clear(); },
    get size() { return entries.size; },
  });

  const enabled = (request: FastifyRequest) =>
    ttlMs > 0 && request.method === 'GET' && request.routeOptions.config?.readCache === true;

  app.addHook('onRequest', async (request, reply) => {
    if (!enabled(request)) return;
    startedAt.set(request, generation);
    const entry = entries.get(request.url);
    if (!entry) return;
    if (entry.expiresAt < Date.now()) { entries.delete(request.url); return; }
    reply.header('x-cache', 'HIT');
    return sendEntry(request, reply, entry);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!enabled(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'HIT') return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
    // A write that landed while this read ran must not be overwritten by the older answer.
    if (startedAt.get(request) === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(request.url, {
        body: payload,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        expiresAt: Date.now() + ttlMs,
      });
    }
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'MISS');
    if (request.headers['if-none-match'] === etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type(entry.contentType).send(entry.body);
}
