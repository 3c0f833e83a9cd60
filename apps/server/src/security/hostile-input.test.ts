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
//
// Left out: HEAD routes (Fastify answers HEAD with the GET route's own handler, which the GET
// runs cover). Nothing reaches the network: Telegram and Telegraph point at a closed local
// port, there is no AI key, no job worker runs, and an admin request waits at most a second
// for a job. Writes valid in shape but hostile in content are in hostile-writes.test.ts.
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPosts, ignoredPosts, newsletterSubscribers } from '@chapar/db';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { snapshotDatabase, snapshotDifferences, type Snapshot } from '../../testing/database-snapshot.ts';
import { checkAnswer, installSchemaProbe, probeRoutes, requestsFor, urlOf, type Route, type RouteSchema } from '../../testing/route-walk.ts';

const WRITE_HEADER = 'x-hostile-write';
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
let routes: Route[];
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
      installSchemaProbe(app, schemas);
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

  routes = await probeRoutes(t.app, schemas, admin);
  before = await snapshotDatabase(t.database, { media: t.app.ingest.storage, originals: t.app.ingest.originals });
}, 120_000);

afterAll(async () => { await t?.close(); });

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
      await fc.assert(fc.asyncProperty(requestsFor(t.app, route), async (request) => {
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
