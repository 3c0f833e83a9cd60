// A statement held up by a lock (or anything else that keeps PostgreSQL from answering) ends
// at DATABASE_STATEMENT_TIMEOUT_MS: readers and admins get the Persian 503 with Retry-After,
// as for an unreachable database, and a public read already cached is still served.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from './error-handler.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app.ts';
import { createArticle } from '../../testing/factories.ts';

const POSTGRES = process.env.TEST_DATABASE_URL;
const LIMIT_MS = 1_000;

describe.skipIf(!POSTGRES)('a table locked by another connection, on PostgreSQL', () => {
  let t: TestApp;
  let holder: pg.Client;
  let admin: { cookie: string };

  beforeAll(async () => {
    t = await buildTestApp({
      databaseLimits: { statementTimeoutMs: LIMIT_MS, connectTimeoutMs: 2_000 },
      seed: async (database) => { await createArticle(database, { status: 'published', publishedAt: new Date() }); },
    });
    admin = await loginAsAdmin(t.app);
    const { rows } = await t.database.raw.query<{ name: string }>('select current_database() as name');
    const url = new URL(POSTGRES!);
    url.pathname = `/${rows[0].name}`;
    holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    await t?.close();
  });

  it('answers 503 in Persian with Retry-After within the limit, serves the cached list, and recovers when the lock goes', async () => {
    const cached = await t.app.inject({ method: 'GET', url: '/api/articles?limit=5' });
    expect(cached.statusCode).toBe(200);
    await holder.query('begin; lock table articles in access exclusive mode');
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/articles?limit=7' },
        { method: 'GET' as const, url: '/api/admin/articles', headers: { cookie: admin.cookie } },
      ]) {
        const started = Date.now();
        const res = await t.app.inject(request);
        expect(Date.now() - started, request.url).toBeLessThan(LIMIT_MS + 4_000);
        expect(res.statusCode, request.url).toBe(503);
        expect(res.json(), request.url).toEqual({ error: 'unavailable', message: DATABASE_UNAVAILABLE });
        expect(res.headers['retry-after'], request.url).toBe('30');
      }
      const again = await t.app.inject({ method: 'GET', url: '/api/articles?limit=5' });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.json()).toEqual(cached.json());
    } finally {
      await holder.query('rollback');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/articles?limit=7' })).statusCode).toBe(200);
  });
});
