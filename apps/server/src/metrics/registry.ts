// The process's Prometheus figures (prom-client), in one registry every module increments and
// /metrics (web) or METRICS_PORT (worker) exposes. Names follow Prometheus conventions:
// a `chapar_` prefix, base units (seconds), `_total` on counters.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'chapar_' });

export const httpRequests = new Counter({
  name: 'chapar_http_requests_total',
  help: 'HTTP requests answered, by method, matched route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'chapar_http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer being written, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const pageCacheRequests = new Counter({
  name: 'chapar_page_cache_requests_total',
  help: 'Anonymous page requests by cache layer (hot: answered before routing; page: the rendered-page cache) and result (hit, stale, miss).',
  labelNames: ['layer', 'result'] as const,
  registers: [registry],
});

export const pageRenderDuration = new Histogram({
  name: 'chapar_page_render_duration_seconds',
  help: 'Server-side renders of a public page, data reads included.',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const ingestOutcomes = new Counter({
  name: 'chapar_ingest_posts_total',
  help: 'Posts through the ingest pipeline, by outcome (created, updated, unchanged, ignored, blocked, deleted, skipped, failed).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const aiFallbacks = new Counter({
  name: 'chapar_ai_fallbacks_total',
  help: 'Articles the offline rewriter wrote because the AI endpoint failed.',
  registers: [registry],
});

export const mailSends = new Counter({
  name: 'chapar_mail_sends_total',
  help: 'Messages handed to the SMTP server (newsletter, confirmations, invitations), by result (sent, failed).',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** Web Push deliveries; the push module increments it (result: sent, failed, expired). */
export const pushSends = new Counter({
  name: 'chapar_push_sends_total',
  help: 'Web Push messages sent to subscribers, by result (sent, failed, expired).',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** An answer the hot cache wrote before routing (Fastify's hooks never see it). */
export function countHotCacheHit(method: string, statusCode: number): void {
  httpRequests.inc({ method, route: 'hot-cache', status_code: String(statusCode) });
  pageCacheRequests.inc({ layer: 'hot', result: 'hit' });
}

/** Reads the job queues' counts at scrape time; set by the process that runs pg-boss. */
export type QueueDepthSource = () => Promise<Array<{ name: string; queued: number; active: number; deferred: number }>>;
const queueDepthSources = new Set<QueueDepthSource>();

export const queueDepth = new Gauge({
  name: 'chapar_job_queue_depth',
  help: 'Jobs per queue and state (queued: waiting, deferred included; active: running; deferred: waiting for their start time), as pg-boss last counted them.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of queueDepthSources) {
      // A database that does not answer leaves the gauge empty rather than failing the scrape.
      const queues = await source().catch(() => []);
      for (const q of queues) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
        this.set({ queue: q.name, state: 'deferred' }, q.deferred);
      }
    }
  },
});

/** Adds a queue-depth reader for as long as the returned function is not called. */
export function reportQueueDepths(source: QueueDepthSource): () => void {
  queueDepthSources.add(source);
  return () => queueDepthSources.delete(source);
}
