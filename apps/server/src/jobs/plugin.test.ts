import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '@chapar/db/testing';
import { seedCategories } from '@chapar/db/seed';
import type { Database } from '@chapar/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';

let database: Database;
let app: FastifyInstance | undefined;

beforeEach(async () => {
  database = await openTestDatabase();
  await seedCategories(database);
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await database?.close();
});

const build = (workerStartDelayMs?: number) => buildApp({ database, ssr: false, config: testConfig({ worker: true }), workerStartDelayMs });

/** Whether the worker has written the monitor's schedule (its last step in startWorker). */
async function scheduled(): Promise<boolean> {
  const exists = await database.raw.query<{ t: string | null }>("select to_regclass('pgboss.schedule')::text as t");
  if (!exists.rows[0]?.t) return false;
  const rows = await database.raw.query<{ name: string }>("select name from pgboss.schedule where name = 'check-channels'");
  return rows.rows.length === 1;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe('when the job worker starts', () => {
  it('with no delay given, before the app is ready (tests, the worker command)', async () => {
    app = await build();
    await app.ready();
    expect(app.ingest.jobs.started).toBe(true);
    expect(await scheduled()).toBe(true);
  });

  it('with a delay (npm start), only that long after the server listens: the first pages do not wait for it', async () => {
    app = await build(300);
    await app.ready();
    expect(app.ingest.jobs.started).toBe(false);
    const listening = Date.now();
    await app.listen({ host: '127.0.0.1', port: 0 });
    expect(app.ingest.jobs.started).toBe(false);
    expect(await waitFor(async () => app!.ingest.jobs.started && (await scheduled()), 15_000)).toBe(true);
    expect(Date.now() - listening).toBeGreaterThanOrEqual(290);
  });

  it('a server closed before its worker started never starts one, and closes at once', async () => {
    app = await build(60_000);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect(app.ingest.jobs.started).toBe(false);
    expect(await scheduled()).toBe(false);
    app = undefined;
  });
});
