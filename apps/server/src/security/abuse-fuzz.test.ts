// Abuse of every registered route (walked from app.routeTable: the public API, the admin API,
// and the feeds, media and forms outside /api; the rendered pages need the web build and are
// walked by hostile-input.test.ts), signed in as the owner, with input the other hostile-input
// files do not send: bodies that the route's own schema accepts (synthesised from its zod
// issues) with one field at a time, nested fields included, replaced by a wrong type, an id past
// every range, Persian or Arabic-Indic digits, a moment in year 0 or 10000, or 100,000
// characters of text no index could compress; ids such as 1e309 and ٤٢, escapes and dot
// segments in path parameters; unknown, repeated and out-of-range query parameters; bodies that
// are not JSON, or are JSON of another content type.
//
// Every answer: never a 5xx (the newsletter form's 303 with its «failed» marker counts as one);
// an API refusal is exactly {error, message} with the message in Persian, any Latin word or
// ASCII digit inside a bidi isolate (so ids, handles and format names read right in RTL), and no
// field named by its code path (⁦body.x⁩) for want of a Persian name; a page refusal is a
// Persian RTL page. Every write the app refused changed nothing stored (one query
// fingerprinting every table, taken again after each write it accepted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '@chapar/db';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { createArticle, createComment } from '../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { CHANNEL, startChannelServer, type ChannelServer } from '../../testing/channel-server.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import { schemaKeys } from '../../testing/hostile-input-arbitraries.ts';
import { installSchemaProbe, PARAM, probeRoutes, type Route, type RouteSchema } from '../../testing/route-walk.ts';

let t: TestApp;
let server: ChannelServer;
let admin: Record<string, string>;
let routes: Route[];
const schemas = new Map<string, RouteSchema>();

beforeAll(async () => {
  // Telegram and Telegraph are a local stand-in: the ingest routes answer at once, nothing leaves the machine.
  server = await startChannelServer();
  t = await buildTestApp({
    config: {
      telegramWebBaseUrl: server.baseUrl, telegraphBaseUrl: server.baseUrl, channels: [{ role: 'primary', username: CHANNEL }],
      ai: { baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 1000 },
      adminJobWaitMs: 50,
    },
    seed: async (database) => {
      const article = await createArticle(database);
      await createArticle(database);
      await createComment(database, { articleId: article.id });
      await database.db.insert(newsletterSubscribers).values({ email: 'reader@example.com', name: 'مریم' });
    },
    beforeReady: (app) => installSchemaProbe(app, schemas),
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  admin = { cookie, [CSRF_HEADER]: csrfToken };
  routes = await probeRoutes(t.app, schemas, admin);
}, 120_000);
afterAll(async () => { await t?.close(); await server?.close(); });

/** Random Persian and Latin letters, both kinds of digits and spaces: text no column or index can squeeze. */
function randomText(length: number, seed: number): string {
  const random = seededRandom(seed);
  const letters = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیabcdefghijklmnopqrstuvwxyz0123456789۰۱۲۳۴۵۶۷۸۹ ';
  let text = '';
  for (let i = 0; i < length; i++) text += letters[Math.floor(random() * letters.length)];
  return text;
}

const LONG = randomText(100_000, 1);
/** Well-formed moments whose UTC year is 0 or 10000: no timestamp column (nor toISOString's plain form) has them. */
const EDGE_DATES = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'];
/** Path parameters: nothing, past int4, not finite, not a number, other digits, escapes and dot segments. */
const IDS = ['0', '-1', '2147483648', '1e309', 'abc', '٤٢', '۴۲', '%00', '%ZZ', '..', '..%2F..%2Fetc', '1%2F..%2F2', encodeURIComponent(LONG.slice(0, 200))];
/** A field's replacement: a number as text, the wrong kind, nothing, too long, out of range, other digits, edge dates. */
const WRONG: unknown[] = ['1', ['x'], { a: { b: { c: {} } } }, null, LONG, -1, 0, 2_147_483_648, '٤٢', true, 1.5, '', ...EDGE_DATES];
const QUERY_VALUES = ['1e309', '٤٢', '-1', '0', '2147483648', 'abc', '%ZZ', encodeURIComponent(LONG.slice(0, 2000)), '', ...EDGE_DATES.map(encodeURIComponent)];
const RAW_BODIES: Array<[string, string]> = [
  ['application/json', '{"a":1e309}'], ['application/json', '{"id":'], ['application/json', 'null'], ['application/json', '[]'],
  ['application/json', '"x"'], ['text/plain', 'hello'], ['application/x-www-form-urlencoded', 'a=1&b=2'], ['application/octet-stream', 'xx'],
];
/** These end the session the requests are signed in with. */
const ENDS_THE_SESSION = /logout|end-others|two-factor\/disable|account\/password/;
/** A refused sign-in, and a wrong password re-checked by a signed-in owner, are counted by design (auth/login-limits.ts). */
const RECORDS_REFUSALS: Record<string, string> = { 'POST /api/admin/login': 'login_attempts', 'POST /api/admin/account/two-factor/enable': 'login_attempts' };

interface Issue { code: string; path: PropertyKey[]; expected?: string; values?: unknown[]; minimum?: number | bigint; origin?: string; format?: string; errors?: Issue[][] }
interface Parser { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } }

/** What an issue asks for: the first allowed value, the format's example, enough characters, the expected kind. */
function guess(issue: Issue): unknown {
  if (issue.code === 'invalid_value' && issue.values?.length) return issue.values[0];
  if (issue.code === 'invalid_union' && issue.errors?.[0]?.[0]) return guess(issue.errors[0][0]);
  if (issue.code === 'invalid_format') return ({ email: 'fuzz@example.com', url: 'https://example.com/x', datetime: '2026-01-01T00:00:00Z', date: '2026-01-01' } as Record<string, string>)[issue.format ?? ''] ?? 'x';
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'ب'.repeat(Number(issue.minimum)) : issue.origin === 'array' ? Array(Number(issue.minimum)).fill(1) : Number(issue.minimum);
  return ({ number: 1, int: 1, string: 'خبر', boolean: true, array: [], object: {} } as Record<string, unknown>)[issue.expected ?? ''] ?? 1;
}
const GENERIC: unknown[] = ['خبر', 1, true, '123456', '+989121234567', CHANNEL, '08:00', 'a'.repeat(22), 'a'.repeat(87), [1], {}];

function setAt(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node: Record<PropertyKey, unknown> = copy;
  for (let i = 0; i < path.length - 1; i++) {
    if (node[path[i]] === null || typeof node[path[i]] !== 'object') node[path[i]] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[path[i]] as Record<PropertyKey, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** A body the schema accepts, repaired from {} one issue at a time (undefined when none is found). */
function validBody(schema: Parser): Record<string, unknown> | undefined {
  let body: Record<string, unknown> = {};
  for (let round = 0; round < 30; round++) {
    const result = schema.safeParse(body);
    if (result.success) return body;
    const issue = result.error!.issues[0];
    // An issue of the whole body (a refinement: "at least one of"): try the fields not yet given.
    const paths = issue.path.length ? [issue.path] : schemaKeys(schema).filter((key) => !(key in body)).map((key) => [key]);
    const candidates = paths.flatMap((path) => [guess(issue), ...GENERIC].map((value) => setAt(body, path, value)));
    const at = (i: Issue) => i.path.join('.') === issue.path.join('.');
    // Rather a value that settles the field; else one that at least turns its issue into another.
    const next = candidates.find((c) => schema.safeParse(c).error?.issues.some(at) !== true)
      ?? candidates.find((c) => { const first = schema.safeParse(c).error!.issues[0]; return first.code !== issue.code || !at(first); });
    if (!next) return undefined;
    body = next;
  }
  return undefined;
}

/** Every field of a body, nested ones included (a list by its first element). */
function fieldPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(value)) return value.length ? [path, ...fieldPaths(value[0], [...path, 0]).filter((p) => p.length > path.length + 1)] : [path];
  if (value === null || typeof value !== 'object') return [path];
  return [...(path.length ? [path] : []), ...Object.entries(value).flatMap(([key, inner]) => fieldPaths(inner, [...path, key]))];
}

let fingerprintSql = '';
/** One digest per table (sessions aside: their expiry slides with every request). */
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintSql) {
    const { rows } = await t.database.raw.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' and tablename <> 'sessions' order by 1");
    fingerprintSql = `select ${rows.map(({ tablename: n }) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${n}" x) as "${n}"`).join(', ')}`;
  }
  return (await t.database.raw.query<Record<string, string>>(fingerprintSql)).rows[0];
}

interface Abuse { url: string; type?: string; payload?: string }
const bodiesMade = { routes: 0, synthesised: 0 };

function abusesOf(route: Route): Abuse[] {
  const filled = route.url.replace(PARAM, (m) => (m === '*' ? 'x' : '1'));
  const abuses: Abuse[] = route.url.match(PARAM) ? IDS.map((id) => ({ url: route.url.replace(PARAM, id) })) : [{ url: filled }];
  const queryKeys = schemaKeys(route.schema.querystring);
  // A write reads its query only when it declares one: the rest would run its job again for nothing.
  if (route.method === 'GET' || queryKeys.length) {
    for (const key of [...queryKeys, 'unknownParam']) for (const value of QUERY_VALUES) abuses.push({ url: `${filled}?${key}=${value}` });
    abuses.push({ url: `${filled}?${queryKeys[0] ?? 'page'}=1&${queryKeys[0] ?? 'page'}=2` });
  }
  if (route.method === 'GET' || !route.schema.body) return abuses;
  bodiesMade.routes++;
  const base = validBody(route.schema.body as Parser);
  if (base) bodiesMade.synthesised++;
  for (const path of [...fieldPaths(base ?? {}), ['unknownField']]) {
    for (const value of WRONG) abuses.push({ url: filled, type: 'application/json', payload: JSON.stringify(setAt(base ?? {}, path, value)) });
  }
  for (const [type, payload] of RAW_BODIES) abuses.push({ url: filled, type, payload });
  return abuses;
}

/** Latin words and ASCII digits are fine only inside a bidi isolate. */
const bare = (message: string) => message.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, '');

/** What is wrong with an answer, or undefined. */
function answerProblem(url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  if (res.statusCode >= 500) return 'server error';
  if (res.statusCode === 303 && /newsletter=(?:footer-)?failed/.test(String(res.headers.location))) return 'the form hid a server error';
  if (res.statusCode < 400) return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (!url.startsWith('/api/') && type.startsWith('text/html')) {
    return /<html lang="fa" dir="rtl"/.test(res.body) ? undefined : 'a refusal page that is not Persian';
  }
  let body: unknown;
  try { body = JSON.parse(res.body); } catch { return 'not JSON'; }
  const { error, message, ...rest } = body as { error?: unknown; message?: unknown };
  // The comment form's refusal carries a fresh captcha (commentErrorResponse); no other one adds a field.
  if (typeof error !== 'string' || typeof message !== 'string' || Object.keys(rest).some((key) => key !== 'captcha')) return 'not {error, message}';
  if (!/[\u0600-\u06FF]/.test(message)) return 'message not in Persian';
  if (/[A-Za-z]{2,}/.test(bare(message))) return 'a Latin word outside an isolate';
  if (/[0-9]/.test(bare(message))) return 'ASCII digits outside an isolate';
  if (/\u2066(?:body|querystring|params|headers|request)[.\u2069]/.test(message)) return 'a field named by its code path, not in Persian';
  return undefined;
}

describe('abuse of every route', () => {
  const wrong: string[] = [];
  const changed: string[] = [];
  const locked: string[] = [];
  let sent = 0;
  let refusedWrites = 0;
  let longReachedHandlers = 0;

  it('sends every abuse to every route', async () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => r.url.startsWith('/api/admin')).length).toBeGreaterThan(50);
    let baseline = await fingerprint();
    for (const route of routes.filter((r) => !ENDS_THE_SESSION.test(r.url))) {
      for (const abuse of abusesOf(route)) {
        sent++;
        const res = await t.app.inject({
          method: route.method as 'GET', url: abuse.url, headers: { ...admin, ...(abuse.type ? { 'content-type': abuse.type } : {}) },
          ...(abuse.payload === undefined ? {} : { payload: abuse.payload }),
        });
        const label = `${res.statusCode} ${route.method} ${abuse.url.slice(0, 120)} ${(abuse.payload ?? '').slice(0, 120)} → ${res.body.slice(0, 160)}`;
        const problem = answerProblem(abuse.url, res);
        if (problem) wrong.push(`${problem}: ${label}`);
        if (route.url.startsWith('/api/admin/') && !route.url.startsWith('/api/admin/login') && res.statusCode === 401) locked.push(label);
        if (abuse.payload?.includes(LONG) && res.statusCode < 400) longReachedHandlers++;
        if (route.method === 'GET') continue;
        const now = await fingerprint();
        if (res.statusCode >= 400) {
          refusedWrites++;
          const tables = Object.keys(now).filter((n) => now[n] !== baseline[n] && RECORDS_REFUSALS[`${route.method} ${route.url}`] !== n);
          if (tables.length) changed.push(`${tables.join(', ')} ← ${label}`);
        }
        baseline = now;
      }
    }
  }, 120_000);

  it('never answers 5xx, and every refusal is in Persian with Latin text isolated', () => {
    expect(sent).toBeGreaterThan(4000);
    expect(wrong).toEqual([]);
  });

  it('a refused write changes nothing stored', () => {
    expect(refusedWrites).toBeGreaterThan(2000);
    expect(changed).toEqual([]);
  });

  it('stays signed in as the owner throughout, with bodies valid enough to reach the handlers', async () => {
    expect(locked).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/articles', headers: admin })).statusCode).toBe(200);
    // Most bodies were the route's own shape, so the abuse was judged field by field, and the
    // longest text reached handlers (where a column or an index, not the schema, would refuse it).
    expect(bodiesMade.synthesised / bodiesMade.routes).toBeGreaterThan(0.9);
    expect(longReachedHandlers).toBeGreaterThan(0);
  });
});
