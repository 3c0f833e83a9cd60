// Every route the app registers, given ids, queries and bodies no client should send, answers
// with a 4xx and a Persian message, never a 5xx: bad input is the asker's mistake, not a
// failing service. Signed in as the owner (so the admin routes read their input) on a site that
// has articles, with the ingest worker running.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../testing/ingest-test-app.ts';

let t: IngestTestApp;
beforeAll(async () => {
  t = await buildIngestTestApp();
  await t.post('/api/admin/auto-monitor/force-check');
});
afterAll(async () => { await t?.close(); });

/** Path parameters that name nothing: zero, past int4, not a number, a fraction, an RTL override. */
const IDS = ['0', '2147483648', 'abc', '1.5', '%E2%80%AE'];
const QUERIES = ['?page=-1&limit=0', '?page=abc&limit=1e9&sort=%27;drop', '?category=x%27y&from=notadate&to=2020-13-45&status[]=a'];
const BODIES: unknown[] = [
  null, [], 'x', 42,
  { id: 'x', articleIds: [1, 'a', null], page: -1, limit: 1e9, title: 42, content: {}, email: [], url: 'javascript:alert(1)', channels: [{}], action: 'nope', role: 'god' },
  { articleIds: [0, -1, 2 ** 31], action: 'delete' },
];
/** These end the session the requests are signed in with. */
const ENDS_THE_SESSION = /logout|end-others|two-factor\/disable|account\/password/;
const PERSIAN = /[\u0600-\u06FF]/;

it('no route answers 5xx to bad input, and every API refusal says why in Persian', async () => {
  const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !ENDS_THE_SESSION.test(r.url));
  expect(routes.length).toBeGreaterThan(100);
  const wrong: string[] = [];
  for (const { method, url, body: readsBody } of routes) {
    const urls = url.includes(':') ? IDS.map((id) => url.replace(/:[A-Za-z]+/g, id)) : [url.replace('*', 'x')];
    const variants = method === 'GET' ? QUERIES.map((q) => ({ query: q, body: undefined as unknown }))
      : method === 'DELETE' ? [{ query: '', body: undefined }]
      // A route that reads no body (it starts a job, or acts on its address) gets one: the rest would run it again.
      : (readsBody ? BODIES : [null]).map((b) => ({ query: '', body: b }));
    for (const target of urls) {
      for (const { query, body } of variants) {
        const res = await t.app.inject({
          method: method as 'GET', url: target + query,
          headers: body === undefined ? t.headers : { ...t.headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const said = `${res.statusCode} ${method} ${target}${query} ${JSON.stringify(body) ?? ''}`.slice(0, 160);
        if (res.statusCode >= 500) wrong.push(`${said} → ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && target.startsWith('/api/')) {
          const message = (() => { try { return String((res.json() as { message?: unknown }).message ?? ''); } catch { return ''; } })();
          if (!PERSIAN.test(message)) wrong.push(`${said}: no Persian message → ${res.body.slice(0, 120)}`);
        }
      }
    }
  }
  expect(wrong).toEqual([]);
}, 300_000);
