// Writes whose shape is valid but whose content is hostile — an empty change, blank text,
// boundary numbers, ids of nothing — reach the handlers (the other hostile-input file only
// sends writes that validation must refuse). None may answer 5xx or anything but
// {error, message}. And uploads of random bytes behind real magic numbers, in whole or broken
// forms: 4xx stores nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '@chapar/db';
import { CSRF_HEADER } from '@chapar/shared/contracts';
import { createArticle } from '../../testing/factories.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { schemaKeys } from '../../testing/hostile-input-arbitraries.ts';
import { checkAnswer, installSchemaProbe, PARAM, probeRoutes, type Route, type RouteSchema } from '../../testing/route-walk.ts';

let t: TestApp;
let admin: Record<string, string>;
let routes: Route[];
const schemas = new Map<string, RouteSchema>();

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      channels: [{ role: 'primary', username: 'akhbar_rooz' }],
      // Nothing leaves the machine: Telegram and Telegraph point at a closed local port, no AI key.
      telegramWebBaseUrl: 'http://127.0.0.1:9', telegraphBaseUrl: 'http://127.0.0.1:9',
      ai: { baseUrl: undefined, apiKey: undefined, model: undefined, timeoutMs: 1000 },
      adminJobWaitMs: 1000,
    },
    seed: async (database) => { await createArticle(database); },
    beforeReady: (app) => installSchemaProbe(app, schemas),
  });
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  admin = { cookie, [CSRF_HEADER]: csrfToken };
  routes = await probeRoutes(t.app, schemas, admin);
}, 120_000);
afterAll(async () => { await t?.close(); });

/** Values a field's type admits that a handler may still not expect. */
const EDGE_VALUES: unknown[] = ['', ' ', '\u200c', 'ـ', '0', '<p></p>', '<script>x</script>', 0, -0, 2_147_483_647, false, true, null, [], {}, ['']];
/** An id of nothing, inside every id range. */
const ABSENT_ID = '2147483647';

/** The empty body and every field alone with each edge value: those the route's own schema accepts. */
function validShapedBodies(route: Route): unknown[] {
  const schema = route.schema.body;
  if (!schema) return [];
  const candidates: unknown[] = [{}];
  for (const key of schemaKeys(schema)) for (const value of EDGE_VALUES) candidates.push({ [key]: value });
  return candidates.filter((body) => schema.safeParse(body).success);
}

describe('valid-shaped hostile writes', () => {
  it('reach the handlers and never fail with a server error', async () => {
    let sent = 0;
    // Routes whose parameters refuse an absent id would never reach their handler here.
    const unreached: string[] = [];
    const writes = routes.filter((r) => r.method !== 'GET' && r.schema.body);
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const url = route.url.replace(PARAM, ABSENT_ID);
      const params = Object.fromEntries([...route.url.matchAll(PARAM)].map((m) => [m[1], ABSENT_ID]));
      if (route.schema.params && !route.schema.params.safeParse(params).success) {
        unreached.push(`${route.method} ${route.url}`);
        continue;
      }
      for (const body of validShapedBodies(route)) {
        sent++;
        const started = performance.now();
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: admin, payload: body as object });
        const label = `${route.method} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode === 503) {
          // A valid request to a service this machine does not have (Telegram login without an API
          // id, no AI key) degrades to 503 unavailable, at once and in Persian; never a hang.
          expect(res.json(), label).toEqual({ error: 'unavailable', message: expect.stringMatching(/[\u0600-\u06FF]/) });
          expect(performance.now() - started, label).toBeLessThan(5_000);
          continue;
        }
        checkAnswer(url, res, label);
      }
    }
    expect(unreached).toEqual([]);
    expect(sent).toBeGreaterThan(50);
  }, 120_000);
});

describe('uploads of random bytes behind real magic numbers', () => {
  const MAGIC = [
    [0xff, 0xd8, 0xff, 0xe0], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...Buffer.from('GIF89a')],
    [...Buffer.from('RIFF\0\0\0\0WEBP')], [0, 0, 0, 0x20, ...Buffer.from('ftypisom')], [0x1a, 0x45, 0xdf, 0xa3],
  ];

  const BOUNDARY = '----chapar-hostile-upload';
  /** How the form is framed: whole, cut off before its closing boundary, or with a broken part header. */
  type Framing = 'whole' | 'unterminated' | 'no-headers' | 'wrong-boundary';
  const FRAMINGS: Framing[] = ['whole', 'whole', 'whole', 'unterminated', 'no-headers', 'wrong-boundary'];

  function multipart(body: Buffer, framing: Framing = 'whole') {
    const opening = framing === 'no-headers' ? `--${BOUNDARY}\r\n\r\n`
      : `--${framing === 'wrong-boundary' ? 'other' : BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const closing = framing === 'unterminated' ? '' : `\r\n--${BOUNDARY}--\r\n`;
    const payload = Buffer.concat([Buffer.from(opening), body, Buffer.from(closing)]);
    return t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload });
  }

  const keys = () => [t.app.ingest.storage, t.app.ingest.originals].flatMap((s) => (s as unknown as { keys(): string[] }).keys()).sort();

  it('answer 4xx in the error shape and store nothing, or store a file that is what it claims', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...MAGIC), fc.uint8Array({ minLength: 8, maxLength: 4000 }), fc.constantFrom(...FRAMINGS), async (magic, rest, framing) => {
      const before = { keys: keys(), rows: (await t.database.db.select().from(mediaAssets)).length };
      const res = await multipart(Buffer.concat([Buffer.from(magic), Buffer.from(rest)]), framing);
      checkAnswer('/api/admin/upload-file', res, `upload (${framing}) ${Buffer.from(magic).toString('hex')}… → ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (framing !== 'whole') expect(res.statusCode).toBe(400);
      if (res.statusCode >= 400) {
        expect(keys()).toEqual(before.keys);
        expect((await t.database.db.select().from(mediaAssets)).length).toBe(before.rows);
      }
    }), { numRuns: 80 });
  }, 120_000);
});
