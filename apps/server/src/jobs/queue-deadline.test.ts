// pg-boss's own pool (production with DATABASE_URL) has the app's statement limit: a job sent
// while pg-boss's job table is locked, or while the server has stopped answering, fails within
// the limit and the request answers the Persian 503 as for any database timeout; pg-boss's
// index builds, which may rightly take longer, run apart without it.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@chapar/db/testing';
import { DATABASE_UNAVAILABLE, databaseUnavailable } from '../plugins/error-handler.ts';
import { buildTestApp, loginAsAdmin, testDatabaseUrl, type TestApp } from '../../testing/test-app.ts';
import { bossDbAdapter } from './pg-boss-adapter.ts';
import { JobQueue } from './queue.ts';
import { scanDuplicatesJob } from './specs.ts';

const POSTGRES = process.env.TEST_DATABASE_URL;
const LIMIT_MS = 800;
const CONNECT_MS = 1_000;
const TIMINGS = { worker: false, expireInSeconds: 60, retryDelaySeconds: 1, heartbeatSeconds: 10, superviseSeconds: 10, onError: () => undefined };

describe('a pg-boss start that failed (a timeout, a lost connection)', () => {
  it('is tried again by the next use, rather than failing every later one', async () => {
    const database = await openTestDatabase();
    const adapter = bossDbAdapter(database);
    let down = true;
    const queue = new JobQueue({
      database, ...TIMINGS,
      bossDb: { executeSql: (text, values) => (down ? Promise.reject(new Error('Query read timeout')) : adapter.executeSql(text, values)) },
    });
    try {
      await expect(queue.instance()).rejects.toThrow('Query read timeout');
      down = false;
      expect(await queue.send(scanDuplicatesJob, {})).toEqual(expect.any(String));
    } finally {
      await queue.stop({ graceful: false });
      await database.close();
    }
  });
});

describe.skipIf(!POSTGRES)('pg-boss\'s own pool, on PostgreSQL', () => {
  let t: TestApp;
  let url: string;
  let holder: pg.Client;
  const queues: JobQueue[] = [];
  const limitedQueue = (connectionString: string) => {
    const queue = new JobQueue({ database: t.database, connectionString, connectTimeoutMs: CONNECT_MS, statementTimeoutMs: LIMIT_MS, ...TIMINGS });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    const limits = { statementTimeoutMs: LIMIT_MS, connectTimeoutMs: CONNECT_MS };
    t = await buildTestApp({ databaseLimits: limits, jobPool: true, config: { adminJobWaitMs: 1 } });
    url = await testDatabaseUrl(t.database);
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end().catch(() => undefined);
    for (const queue of queues) await queue.stop({ graceful: false });
    await t?.close();
  });

  it('a job sent while its table is locked: 503 in Persian with Retry-After within the limit, and sent once the lock goes', async () => {
    const admin = await loginAsAdmin(t.app);
    const scan = () => t.app.inject({ method: 'POST', url: '/api/admin/scan-detailed-duplicates', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken } });
    // The first one installs pg-boss's schema (apart, without the limit) and the job's queue.
    expect((await scan()).statusCode).toBe(202);
    await holder.query('begin; lock table pgboss.job in access exclusive mode');
    let answer: Awaited<ReturnType<typeof scan>> | 'still waiting';
    const started = Date.now();
    try {
      answer = await Promise.race([scan(), sleep(LIMIT_MS + 4_000, 'still waiting' as const)]);
    } finally {
      await holder.query('rollback');
    }
    expect(answer).not.toBe('still waiting');
    if (answer === 'still waiting') return;
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: 'unavailable', message: DATABASE_UNAVAILABLE });
    expect(answer.headers['retry-after']).toBe('30');
    expect((await scan()).statusCode).toBe(202);
  });

  it('a server that stops answering: a send fails once the limit and the connect timeout have passed', async () => {
    let frozen = false;
    const sockets = new Set<net.Socket>();
    const target = new URL(url);
    // Between pg-boss and the server: while frozen, nothing goes either way.
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const [from, to] of [[client, server], [server, client]]) {
        sockets.add(from);
        from.on('error', () => undefined);
        from.on('data', (chunk: Buffer) => { if (!frozen) to.write(chunk); });
        from.on('close', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const through = new URL(url);
      through.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
      const queue = limitedQueue(through.toString());
      expect(await queue.send(scanDuplicatesJob, {})).toEqual(expect.any(String));
      frozen = true;
      const started = Date.now();
      const error = await queue.send(scanDuplicatesJob, {}).then(() => undefined, (e: unknown) => e as Error);
      const took = Date.now() - started;
      expect(error?.message).toMatch(/^(?:Query read timeout|timeout exceeded when trying to connect)$/);
      expect(databaseUnavailable(error)).toBe(true);
      expect(took).toBeGreaterThanOrEqual(CONNECT_MS - 50);
      expect(took).toBeLessThan(LIMIT_MS + CONNECT_MS + 2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      proxy.close();
    }
  });

  it('an index build a migration left, longer than the limit, is run to its end without it', async () => {
    const seconds = (LIMIT_MS * 2) / 1000;
    await holder.query(`insert into pgboss.bam (name, version, table_name, command) values ('chapar-slow-build', 1, 'job', 'select pg_sleep(${seconds})')`);
    // pg-boss looks for builds at most once a minute: as if the last look were long ago.
    await holder.query('update pgboss.version set bam_on = null');
    await limitedQueue(url).instance();
    const build = async () => (await holder.query<{ status: string; error: string | null }>("select status, error from pgboss.bam where name = 'chapar-slow-build'")).rows[0];
    const deadline = Date.now() + 10_000;
    while (['pending', 'in_progress'].includes((await build()).status) && Date.now() < deadline) await sleep(100);
    expect(await build()).toEqual({ status: 'completed', error: null });
  });
});
