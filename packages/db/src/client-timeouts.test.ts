// A PostgreSQL server that stops answering, or a statement that never ends, fails a query in a
// bounded time instead of holding it (and the request waiting on it) forever.
import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onServer } from '../testing/on-server.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(onSocket: (socket: net.Socket) => void): Promise<string> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `postgres://chapar@127.0.0.1:${(server.address() as net.AddressInfo).port}/chapar`;
}

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const AUTH_OK = message('R', Buffer.from([0, 0, 0, 0]));
const READY = message('Z', Buffer.from('I'));
const done = (tag: string) => Buffer.concat([message('C', Buffer.from(`${tag}\0`)), READY]);

/**
 * Just enough of PostgreSQL's protocol: a connection is let in, simple queries are answered with
 * no rows, until `answer` says otherwise for a query's text ('silent': never, 'drop': the
 * connection is closed).
 */
function fakePostgres(answer: (query: string) => 'ok' | 'silent' | 'drop'): Promise<string> {
  return listen((socket) => {
    let buffered = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const offset = started ? 1 : 0;
        if (buffered.length < offset + 4) return;
        const length = buffered.readInt32BE(offset);
        if (buffered.length < offset + length) return;
        const type = started ? String.fromCharCode(buffered[0]) : '';
        const body = buffered.subarray(offset + 4, offset + length);
        buffered = buffered.subarray(offset + length);
        if (!started) {
          started = true;
          socket.write(Buffer.concat([AUTH_OK, READY]));
        } else if (type === 'Q') {
          const query = body.toString('utf8').replace(/\0$/, '');
          const what = answer(query);
          if (what === 'drop') socket.destroy();
          else if (what === 'ok') socket.write(done(query.split(' ')[0].toUpperCase()));
        } else if (type === 'X') {
          socket.end();
        }
      }
    });
  });
}

const within = async <T>(ms: number, work: Promise<T>): Promise<{ error: Error | undefined; ms: number }> => {
  const started = Date.now();
  const error = await work.then(() => undefined, (e: unknown) => e as Error);
  const took = Date.now() - started;
  expect(took).toBeLessThan(ms);
  return { error, ms: took };
};

describe('a PostgreSQL server that does not answer', () => {
  it('that accepts the connection and says nothing: opening fails within the connect timeout', async () => {
    const url = await listen((socket) => socket.resume());
    const { error } = await within(3_000, openDatabase({ url, connectTimeoutMs: 200 }));
    expect(error?.message).toBe('Connection terminated due to connection timeout');
  });

  it('that stops answering queries: each one fails once the statement limit and the connect timeout have passed', async () => {
    let silent = false;
    const url = await fakePostgres(() => (silent ? 'silent' : 'ok'));
    const database = await openDatabase({ url, connectTimeoutMs: 200, statementTimeoutMs: 300 });
    try {
      silent = true;
      const { error, ms } = await within(3_000, database.raw.query('select 1'));
      expect(error?.message).toBe('Query read timeout');
      expect(ms).toBeGreaterThanOrEqual(450);
      // A query waiting for the pool's only connections fails too, not later than the connect timeout after.
      const many = await Promise.all(Array.from({ length: 12 }, () => within(3_000, database.raw.query('select 2'))));
      // Each message listed, so a failure names the one that differed.
      expect(many.map((r) => r.error?.message)).toEqual(many.map(() => expect.stringMatching(/^(?:Query read timeout|timeout exceeded when trying to connect)$/)));
    } finally {
      silent = false;
      await database.close();
    }
  });

  it('that drops a connection a transaction holds: the transaction fails, the process goes on', async () => {
    const url = await fakePostgres((query) => (query === 'select 42' ? 'drop' : 'ok'));
    const database = await openDatabase({ url, connectTimeoutMs: 200 });
    try {
      const { error } = await within(3_000, database.db.transaction(async (tx) => { await tx.execute(sql.raw('select 42')); }));
      // drizzle's error for the rollback it tried, caused by the lost connection.
      expect(String((error?.cause as Error | undefined)?.message)).toMatch(/Connection terminated unexpectedly|not queryable/);
      // The lost connection is not handed out again.
      expect((await database.raw.query('select 1')).rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

const POSTGRES = process.env.TEST_DATABASE_URL;

describe.skipIf(!POSTGRES)('a statement that does not end, on PostgreSQL', () => {
  let database: Database | undefined;
  let holder: pg.Client | undefined;
  const name = `chapar_timeouts_${process.pid}`;
  const url = () => { const u = new URL(POSTGRES!); u.pathname = `/${name}`; return u.toString(); };

  afterEach(async () => {
    await holder?.end().catch(() => undefined);
    holder = undefined;
    await database?.close();
    database = undefined;
    await onServer(POSTGRES!, `drop database if exists ${name} with (force)`);
  });

  const open = async () => {
    await onServer(POSTGRES!, `drop database if exists ${name} with (force)`);
    await onServer(POSTGRES!, `create database ${name}`);
    database = await openDatabase({ url: url(), connectTimeoutMs: 2_000, statementTimeoutMs: 300 });
    return database;
  };

  it('is cancelled by the server at the limit, waiting for a lock or sleeping, and the pool goes on', async () => {
    const db = await open();
    await db.raw.exec('create table held (id int)');
    holder = new pg.Client({ connectionString: url() });
    await holder.connect();
    await holder.query('begin; lock table held in access exclusive mode');
    const locked = await within(2_000, db.raw.query('select * from held'));
    expect((locked.error as Error & { code?: string }).code).toBe('57014');
    const sleeping = await within(2_000, db.raw.query('select pg_sleep(5)'));
    expect((sleeping.error as Error & { code?: string }).code).toBe('57014');
    await holder.query('rollback');
    expect((await db.raw.query('select count(*)::int as n from held')).rows).toEqual([{ n: 0 }]);
  });

  it('leaves migrations and other unbounded work without the limit', async () => {
    const db = await open();
    expect((await db.raw.query('show statement_timeout')).rows).toEqual([{ statement_timeout: '300ms' }]);
    const unlimited = await db.unbounded(async (d) => (await d.execute(sql`show statement_timeout`)) as unknown as { rows: unknown[] });
    expect(unlimited.rows).toEqual([{ statement_timeout: '0' }]);
    await migrateDatabase(db);
    // Another process's migration holds the journal longer than the limit: this one waits for it.
    holder = new pg.Client({ connectionString: url() });
    await holder.connect();
    await holder.query('begin; lock table drizzle.__drizzle_migrations in access exclusive mode');
    const release = setTimeout(() => { void holder?.query('rollback'); }, 700);
    const started = Date.now();
    await migrateDatabase(db).finally(() => clearTimeout(release));
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
  });
});
