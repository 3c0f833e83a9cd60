// Property-based: every registered route (walked from app.routeTable, pages included), public
// ones anonymously and admin ones with a session and its CSRF token, gets generated hostile
// input. None may answer 5xx; every API error is {error, message} with string fields; and
// nothing stored changes. Needs the web build (`npm run build -w apps/web`) for the pages.
//
// Honesty of "nothing changed": a write request (any method but GET) is only sent when it is
// invalid by construction — its params, query or body fail the route's own zod schemas, or it
// carries text no column can hold (refused by the input guard), or its body is not parseable.
// A generated write that happens to be valid gets a NUL query parameter added. A test hook
// records any write that still got past validation, and the test fails on it.
import fc from 'fast-check';
import querystring from 'fast-querystring';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPosts, ignoredPosts, newsletterSubscribers } from '@chapar/db';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { hasUnsafeText } from '../plugins/input-guard.ts';
import { createArticle } from '../test-factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../testing.ts';
import { snapshotDatabase, snapshotDifferences, type Snapshot } from './database-snapshot.ts';
import { hostileBody, hostilePagePath, hostileQuery, hostileSegment, schemaKeys, type HostileBody } from './hostile-input.arbitraries.ts';

interface RouteSchema { params?: ZodLike; querystring?: ZodLike; body?: ZodLike }
interface ZodLike { safeParse(value: unknown): { success: boolean } }
interface Route { method: string; url: string; schema: RouteSchema }
interface HostileRequest { segments: string[]; query: string; body?: HostileBody }

const PROBE_HEADER = 'x-schema-probe';
const WRITE_HEADER = 'x-hostile-write';
const PARAM = /:([A-Za-z0-9_]+)|\*/g;
const MAX_PARAM_LENGTH = 500;
const isStaticFile = (route: Route) => route.method === 'GET' && !route.url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(route.url) && !route.url.includes(':');

/** Runs per route: ≥ 1,000 in all (checked below), weighted to where input is read. */
function runsFor(route: Route): number {
  if (route.url === '/*') return 80;
  if (isStaticFile(route)) return 2;
  if (route.url.startsWith('/api/admin') || route.url.startsWith('/api/analytics/dashboard')) return 10;
  return 16;
}

let t: TestApp;
let admin: Record<string, string>;
const schemas = new Map<string, RouteSchema>();
const acceptedWrites: string[] = [];
let routes: Route[] = [];
let before: Snapshot;
let totalRuns = 0;

beforeAll(async () => {
  t = await buildTestApp({
    ssr: true,
    config: {
      channels: [{ role: 'primary', username: 'akhbar_rooz' }, { role: 'secondary', username: 'other_news' }],
      // Nothing leaves the machine: Telegram and Telegraph point at a closed local port, no AI key.
      telegramWebBaseUrl: 'http://127.0.0.1:9', telegraphBaseUrl: 'http://127.0.0.1:9',
      ai: { baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 1000 },
      adminJobWaitMs: 1000,
    },
    seed: async (database) => {
      for (let i = 0; i < 3; i++) await createArticle(database);
      await database.db.insert(newsletterSubscribers).values({ email: 'reader@example.com', name: 'مریم' });
      await database.db.insert(blockedPosts).values({ source: 'akhbar_rooz', telegramId: 101, title: 'حذف‌شده' });
      await database.db.insert(ignoredPosts).values({ source: 'akhbar_rooz', telegramId: 102, url: 'https://t.me/akhbar_rooz/102', reason: 'ad' });
    },
    beforeReady: (app) => {
      // Test-only: a probe answers with nothing after recording the matched route's schemas.
      app.addHook('onRequest', async (request: FastifyRequest, reply) => {
        if (request.headers[PROBE_HEADER] === undefined) return;
        schemas.set(`${request.method} ${request.routeOptions.url}`, (request.routeOptions.schema ?? {}) as RouteSchema);
        return reply.code(204).send();
      });
      // Test-only: a hostile write that got past validation would reach a handler. (A route
      // with attachValidation gets its errors attached and refuses them in its handler.)
      app.addHook('preHandler', async (request: FastifyRequest) => {
        if (request.headers[WRITE_HEADER] === undefined || request.is404 || request.validationError) return;
        acceptedWrites.push(`${request.method} ${request.routeOptions.url} ← ${request.url.slice(0, 200)}`);
      });
    },
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  admin = { cookie, [CSRF_HEADER]: csrfToken };

  for (const { method, url } of t.app.routeTable) {
    // HEAD is answered by the GET route's own handler, which the GET runs already cover.
    if (method === 'HEAD') continue;
    const probeUrl = url.replace(PARAM, (m) => (m === '*' ? 'probe' : '1'));
    const res = await t.app.inject({ method: method as 'GET', url: probeUrl, headers: { ...admin, [PROBE_HEADER]: '1' } });
    expect(res.statusCode, `${method} ${url} could not be probed`).toBe(204);
    routes.push({ method, url, schema: schemas.get(`${method} ${url}`) ?? {} });
  }
  routes = routes.filter((route, i) => routes.findIndex((r) => r.method === route.method && r.url === route.url) === i);
  before = await snapshotDatabase(t.database, { media: t.app.ingest.storage, originals: t.app.ingest.originals });
}, 120_000);

afterAll(async () => { await t?.close(); });

function decodeSegment(raw: string): { ok: true; value: string } | { ok: false } {
  try {
    return { ok: true, value: decodeURIComponent(raw) };
  } catch {
    return { ok: false };
  }
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

/** True when the app must refuse the request before any handler runs. */
function knownInvalid(route: Route, request: HostileRequest): boolean {
  const names = [...route.url.matchAll(PARAM)].map((m) => m[1] ?? '*');
  const params: Record<string, string> = {};
  for (const [i, raw] of request.segments.entries()) {
    const decoded = decodeSegment(raw);
    if (!decoded.ok || raw.length > MAX_PARAM_LENGTH) return true;
    params[names[i]] = decoded.value;
  }
  const query = querystring.parse(request.query);
  const body = parsedBody(request.body);
  if (!body.ok) return true;
  if (hasUnsafeText(params) || hasUnsafeText(query) || hasUnsafeText(body.value)) return true;
  const { schema } = route;
  return Boolean((schema.params && !schema.params.safeParse(params).success)
    || (schema.querystring && !schema.querystring.safeParse(query).success)
    || (schema.body && !schema.body.safeParse(body.value).success));
}

function requestsFor(route: Route): fc.Arbitrary<HostileRequest> {
  const segments = [...route.url.matchAll(PARAM)].map((m) => (m[0] === '*' ? hostilePagePath : hostileSegment));
  const reads = route.method === 'GET';
  return fc.record({
    segments: fc.tuple(...segments).map((s) => s as string[]),
    query: hostileQuery(schemaKeys(route.schema.querystring)),
    body: reads ? fc.constant(undefined) : hostileBody(schemaKeys(route.schema.body)),
  }).map((request) => {
    if (reads || knownInvalid(route, request)) return request;
    // Valid by accident: a NUL in the query makes it a request the input guard must refuse.
    return { ...request, query: request.query ? `${request.query}&_=%00` : '_=%00' };
  });
}

function urlOf(route: Route, request: HostileRequest): string {
  let i = 0;
  const path = route.url.replace(PARAM, () => request.segments[i++]);
  return request.query ? `${path}?${request.query}` : path;
}

function checkAnswer(url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }, label: string) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const type = String(res.headers['content-type'] ?? '');
  if (!url.startsWith('/api/') && type.startsWith('text/html')) {
    // Outside the API every address no route takes is a page: one that does not exist is the
    // 404 page, in Persian, right to left.
    expect(res.statusCode, label).toBe(404);
    expect(res.body, label).toContain('<html lang="fa" dir="rtl">');
    return;
  }
  expect(type, label).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body, label).toEqual({ error: expect.any(String), message: expect.any(String) });
}

describe('hostile input on every route', () => {
  it('walks the whole route table: public, admin and page routes', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url === '/*')).toBe(true);
    expect(routes.filter((r) => r.url.startsWith('/api/admin')).length).toBeGreaterThan(50);
    expect(routes.reduce((sum, r) => sum + runsFor(r), 0)).toBeGreaterThanOrEqual(1000);
  });

  it('never answers 5xx, answers errors as {error, message}, and changes nothing stored', async () => {
    for (const route of routes) {
      const headers = route.url.startsWith('/api/admin') || route.url === '/api/analytics/dashboard' ? admin : {};
      await fc.assert(fc.asyncProperty(requestsFor(route), async (request) => {
        totalRuns++;
        const url = urlOf(route, request);
        const label = `${route.method} ${route.url} → ${url.slice(0, 300)}${request.body ? ` body ${request.body.payload.slice(0, 200)}` : ''}`;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...headers,
            ...(request.body ? { 'content-type': request.body.contentType } : {}),
            ...(route.method !== 'GET' ? { [WRITE_HEADER]: '1' } : {}),
          },
          ...(request.body ? { payload: request.body.payload } : {}),
        });
        checkAnswer(url, res, label);
      }), { numRuns: runsFor(route) });
    }
    expect(totalRuns).toBeGreaterThanOrEqual(1000);
    expect(acceptedWrites, 'hostile writes that passed validation').toEqual([]);
    const after = await snapshotDatabase(t.database, { media: t.app.ingest.storage, originals: t.app.ingest.originals });
    expect(snapshotDifferences(before, after)).toEqual({});
  }, 240_000);
});
