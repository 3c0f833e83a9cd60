// The admin guard decides by the route that matched, so no spelling of a path reaches an admin
// handler without a session. Requests go over a real socket with the path exactly as written
// (light-my-request and fetch would normalise some spellings before the server saw them).
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import type { RouteRecord } from '../app.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface RawAnswer { status: number; body: string }

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  const body = hasBody ? '{"title":"x","name":"x","isActive":false}' : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1', port, method, path,
      // A fresh connection each time: the server closes one whose request body it never read.
      agent: false,
      headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
    req.end(body);
  });
}

/** Fills a route pattern with values that reach the handler if nothing stops the request. */
const concrete = (pattern: string) =>
  pattern.replace(/:([a-zA-Z]+)/g, (_m, name: string) => (name === 'source' ? 'chan' : '1')).replace('*', 'x');

/** The spellings an attacker tries; `matches` marks those the router resolves to the same route. */
function spellings(path: string): Array<{ path: string; matches: boolean }> {
  const rest = path.replace(/^\/api\/admin/, '');
  const isAdminPath = rest !== path;
  const variants = [
    { path, matches: true },
    { path: `${path}?x=1`, matches: true },
    { path: `${path}?`, matches: true },
    { path: `${path}#fragment`, matches: true },
  ];
  if (isAdminPath) {
    variants.push(
      { path: `/api/%61dmin${rest}`, matches: true },
      { path: `/api/%61%64%6d%69%6e${rest}`, matches: true },
      { path: `/api/%61%64%6D%69%6E${rest}`, matches: true },
      { path: `/%61pi/admin${rest}`, matches: true },
      { path: `/api/ADMIN${rest}`, matches: false },
      { path: `/API/admin${rest}`, matches: false },
      { path: `/api//admin${rest}`, matches: false },
      { path: `//api/admin${rest}`, matches: false },
      { path: `/api/admin/${rest}`, matches: false },
      { path: `/api/x/../admin${rest}`, matches: false },
      { path: `/api/./admin${rest}`, matches: false },
      { path: `/api/%2e%2e/api/admin${rest}`, matches: false },
      { path: `/api%2Fadmin${rest}`, matches: false },
    );
  }
  if (!path.endsWith('/')) variants.push({ path: `${path}/`, matches: false });
  return variants;
}

const guardedRoutes = (): RouteRecord[] =>
  t.app.routeTable.filter((r) => (r.url.startsWith('/api/admin') || r.admin) && !r.public && r.method !== 'HEAD');

describe('the admin guard', () => {
  it('covers the admin routes outside /api/admin as well', () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((r) => r.url === '/api/analytics/dashboard')).toBe(true);
  });

  it('answers 401 to every spelling of every admin route without a session, as GET, HEAD, OPTIONS and its own method', async () => {
    const reached: string[] = [];
    let matched = 0;
    for (const route of guardedRoutes()) {
      const methods = [...new Set(['GET', 'HEAD', 'OPTIONS', route.method])];
      for (const variant of spellings(concrete(route.url))) {
        for (const method of methods) {
          const { status, body } = await send(method, variant.path);
          const sameRoute = variant.matches && (method === route.method || (method === 'HEAD' && route.method === 'GET'));
          if (sameRoute) {
            matched++;
            if (status !== 401) reached.push(`${method} ${variant.path} → ${status}`);
          } else if (status !== 401 && status !== 404) {
            // Another route or no route: never a handler's answer without a session.
            reached.push(`${method} ${variant.path} → ${status} ${body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(matched).toBeGreaterThan(400);
    expect(reached).toEqual([]);
  });

  it('answers 403 to every spelling of every admin write with a session but no CSRF token', async () => {
    const { cookie } = await loginAsAdmin(t.app);
    const wrong: string[] = [];
    for (const route of guardedRoutes().filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))) {
      for (const variant of spellings(concrete(route.url)).filter((v) => v.matches)) {
        const noToken = await send(route.method, variant.path, { cookie });
        const badToken = await send(route.method, variant.path, { cookie, [CSRF_HEADER]: 'not-the-token' });
        if (noToken.status !== 403) wrong.push(`${route.method} ${variant.path} (no token) → ${noToken.status}`);
        if (badToken.status !== 403) wrong.push(`${route.method} ${variant.path} (bad token) → ${badToken.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the admin article list out of reach of the spelling that used to pass', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/articles/1' });
    const res = await send('PATCH', '/api/%61dmin/articles/1');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'unauthorized' });
    const after = await t.app.inject({ method: 'GET', url: '/api/articles/1' });
    expect(after.body).toBe(before.body);
  });
});
