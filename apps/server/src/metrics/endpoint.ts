// Where the figures leave the process: GET /metrics on the web app, and a listener of its own
// (METRICS_PORT) in a worker process, which has no HTTP server otherwise. Both answer only a
// request that carries `Authorization: Bearer $METRICS_TOKEN`; without a token they are not there.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests, pageCacheRequests, registry } from './registry.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]), digest(token));
}

type Answer = { status: 200 | 401 | 404; contentType: string; body: string };

const NOT_FOUND = JSON.stringify({ error: 'not_found', message: 'صفحه پیدا نشد' });
const UNAUTHORIZED = JSON.stringify({ error: 'unauthorized', message: 'برای دیدن آمار، توکن معتبر لازم است' });

async function answer(authorization: string | undefined, token: string | undefined): Promise<Answer> {
  if (!token) return { status: 404, contentType: 'application/json; charset=utf-8', body: NOT_FOUND };
  if (!bearerMatches(authorization, token)) return { status: 401, contentType: 'application/json; charset=utf-8', body: UNAUTHORIZED };
  return { status: 200, contentType: registry.contentType, body: await registry.metrics() };
}

/** Counts every answer over a socket by route and status, and page-cache results; serves /metrics when a token is set. */
export function registerMetrics(app: FastifyInstance, { token }: { token: string | undefined }): void {
  app.addHook('onResponse', async (request, reply) => {
    // Reads the page renderer makes in process (app.inject) are part of a page, not requests.
    if (!(request.raw.socket instanceof Socket)) return;
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    httpRequestDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const cache = reply.getHeader('x-page-cache');
    if (typeof cache === 'string') pageCacheRequests.inc({ layer: 'page', result: cache.toLowerCase() });
  });
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    const result = await answer(request.headers.authorization, token);
    return reply.code(result.status).header('cache-control', 'no-store').type(result.contentType).send(result.body);
  });
}

/** The worker's own listener: /metrics only, everything else 404. */
export async function startMetricsServer({ host, port, token }: { host: string; port: number; token: string | undefined }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    const reply = path === '/metrics' && req.method === 'GET'
      ? answer(req.headers.authorization, token)
      : Promise.resolve<Answer>({ status: 404, contentType: 'application/json; charset=utf-8', body: NOT_FOUND });
    reply.then((r) => {
      res.writeHead(r.status, { 'content-type': r.contentType, 'cache-control': 'no-store' }).end(r.body);
    }, () => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
