// Walking the route table for the hostile-input tests: the schemas each route validates with
// (read by a test-only probe hook), the URL of a generated request, whether the app must
// refuse it before any handler runs, and what every answer must look like (an error is
// {error, message} with the message in Persian).
import fc from 'fast-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect } from 'vitest';
import { hasUnsafeText } from '../src/plugins/input-guard.ts';
import { hostileBody, hostilePagePath, hostileQuery, hostileSegment, schemaKeys, type HostileBody } from './hostile-input-arbitraries.ts';

export interface ZodLike { safeParse(value: unknown): { success: boolean } }
export interface RouteSchema { params?: ZodLike; querystring?: ZodLike; body?: ZodLike }
export interface Route { method: string; url: string; schema: RouteSchema }
export interface HostileRequest { segments: string[]; query: string; body?: HostileBody }

const PROBE_HEADER = 'x-schema-probe';
export const PARAM = /:([A-Za-z0-9_]+)|\*/g;

/** Test-only hook (install before ready): a probe request answers 204 after recording the matched route's schemas. */
export function installSchemaProbe(app: FastifyInstance, schemas: Map<string, RouteSchema>): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (request.headers[PROBE_HEADER] === undefined) return;
    schemas.set(`${request.method} ${request.routeOptions.url}`, (request.routeOptions.schema ?? {}) as RouteSchema);
    return reply.code(204).send();
  });
}

/** Every route of the table once (HEAD is the GET route's own handler), with its schemas. */
export async function probeRoutes(app: FastifyInstance, schemas: Map<string, RouteSchema>, headers: Record<string, string>): Promise<Route[]> {
  const routes: Route[] = [];
  for (const { method, url } of app.routeTable) {
    if (method === 'HEAD' || routes.some((r) => r.method === method && r.url === url)) continue;
    const probeUrl = url.replace(PARAM, (m) => (m === '*' ? 'probe' : '1'));
    const res = await app.inject({ method: method as 'GET', url: probeUrl, headers: { ...headers, [PROBE_HEADER]: '1' } });
    expect(res.statusCode, `${method} ${url} could not be probed`).toBe(204);
    routes.push({ method, url, schema: schemas.get(`${method} ${url}`) ?? {} });
  }
  return routes;
}

function parsedBody(body: HostileBody | undefined): { ok: boolean; value?: unknown } {
  if (!body) return { ok: true, value: undefined };
  if (body.contentType === 'text/plain') return { ok: true, value: body.payload };
  if (body.contentType !== 'application/json') return { ok: body.contentType.startsWith('multipart/'), value: undefined };
  try {
    return { ok: true, value: JSON.parse(body.payload) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * True when the app must refuse the request before any handler runs. Params and query are
 * read by the app's own router (findRoute), exactly as a request would have them.
 */
export function knownInvalid(app: FastifyInstance, route: Route, request: HostileRequest): boolean {
  const found = app.findRoute({ method: route.method as 'GET', url: urlOf(route, request) });
  // No route (404), or the router's own refusal (malformed escape, over-long parameter).
  if (!found || found.searchParams === undefined) return true;
  const { params, searchParams: query } = found as { params: Record<string, unknown>; searchParams: Record<string, unknown> };
  const body = parsedBody(request.body);
  if (!body.ok) return true;
  if (hasUnsafeText(params) || hasUnsafeText(query) || hasUnsafeText(body.value)) return true;
  const { schema } = route;
  return Boolean((schema.params && !schema.params.safeParse(params).success)
    || (schema.querystring && !schema.querystring.safeParse(query).success)
    || (schema.body && !schema.body.safeParse(body.value).success));
}

export function requestsFor(app: FastifyInstance, route: Route): fc.Arbitrary<HostileRequest> {
  const segments = [...route.url.matchAll(PARAM)].map((m) => (m[0] === '*' ? hostilePagePath : hostileSegment));
  const reads = route.method === 'GET';
  return fc.record({
    segments: fc.tuple(...segments).map((s) => s as string[]),
    query: hostileQuery(schemaKeys(route.schema.querystring)),
    body: reads ? fc.constant(undefined) : hostileBody(schemaKeys(route.schema.body)),
  }).map((request) => {
    if (reads || knownInvalid(app, route, request)) return request;
    // Valid by accident: a NUL in the query makes it a request the input guard must refuse.
    return { ...request, query: request.query ? `${request.query}&_=%00` : '_=%00' };
  });
}

export function urlOf(route: Route, request: HostileRequest): string {
  let i = 0;
  const path = route.url.replace(PARAM, () => request.segments[i++]);
  return request.query ? `${path}?${request.query}` : path;
}

export function checkAnswer(url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!url.startsWith('/api/') && type.startsWith('text/html')) {
    // Outside the API every address no route takes is a page: one that does not exist is the
    // 404 page, one the router cannot read (a broken percent-escape) a 400 page saying so; both
    // in Persian, right to left (the site's pages carry class="no-js" until their script runs;
    // the newsletter's and the refusal's own small pages have no script).
    expect([400, 404], label).toContain(res.statusCode);
    expect(res.body, label).toMatch(/<html lang="fa" dir="rtl"( class="no-js")?>/);
    if (res.statusCode === 400) expect(res.body, label).toContain('<h1>نشانی نادرست است</h1>');
    return;
  }
  expect(type, label).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body, label).toEqual({ error: expect.any(String), message: expect.stringMatching(/[\u0600-\u06FF]/) });
}
