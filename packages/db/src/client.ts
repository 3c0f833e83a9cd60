import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockPgliteDataDir, restrictPgliteDataDir } from './pglite-lock.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction's handle: a Db too, so code that reads or writes takes `Db`; `Tx` says it must run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The raw SQL surface both drivers share; pg-boss and a few hand-written queries use it. */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements without parameters; returns the last statement's rows. */
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onMessage` with the payload of every notification on `channel` (NOTIFY, sent with
   * `pg_notify` by any connection or process using this database). On PostgreSQL the listening
   * connection is its own and comes back by itself after it is lost; as notifications may have
   * been missed meanwhile, `onMessage('')` is called once it is back. Resolves to a function
   * that stops listening; closing the database stops every listener.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` without the statement time limit (migrations, long maintenance): on PostgreSQL
   * on a connection of its own, closed after it; PGlite has no limit and uses its one connection.
   */
  unbounded<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Channel names are written into LISTEN as identifiers: plain lower-case words only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
};

export interface OpenDatabaseOptions {
  /** postgres://… ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; absent or 'memory://' keeps everything in memory. */
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL: how long getting a connection may take (connecting to the server, or waiting for
   * a free one in the pool) before the query fails, so a server that accepts connections but
   * never answers fails a request instead of holding it. Default 10 s.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: a statement running longer (a held lock included) is cancelled by the server;
   * one the server has not answered by this plus connectTimeoutMs fails here. 0 or absent: no
   * limit. `unbounded` and migrations are not limited.
   */
  statementTimeoutMs?: number;
  /**
   * PGlite's buffer pool (PostgreSQL's shared_buffers, e.g. '32MB'). It lives in PGlite's
   * WebAssembly memory, which grows as the pool fills and never shrinks; pages past it are
   * read from the data directory through the operating system's file cache.
   */
  pgliteSharedBuffers?: string;
  /** A PGlite data directory archived by dumpDataDir, to start from instead of an empty database. */
  pgliteArchive?: Blob;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: options.statementTimeoutMs ?? 0,
    });
  }
  return openPglite(options.dataDir, options.pgliteSharedBuffers, options.pgliteArchive);
}

/** How long getting a PostgreSQL connection may take unless asked otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

const SHARED_BUFFERS = /^\d+(kB|MB|GB)$/;
/**
 * PGlite's buffer pool unless asked otherwise: a quarter of PostgreSQL's 128 MB. The 100,000-
 * article benchmarks (admin table, duplicate scan, search) meet their figures with it.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir?: string, sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS, archive?: Blob): Promise<Database> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!SHARED_BUFFERS.test(sharedBuffers)) throw new Error(`shared_buffers must look like 32MB, not '${sharedBuffers}'`);
  // One process at a time (pglite-lock.ts): a second one is refused before it touches the files.
  const unlock = inMemory ? () => undefined : lockPgliteDataDir(dataDir);
  let client: PGlite;
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
    client = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm }, startParams, ...(archive ? { loadDataDir: archive } : {}) });
    // Including the files PGlite has just made (0666 as it makes them).
    if (!inMemory) restrictPgliteDataDir(dataDir);
  } catch (error) {
    unlock();
    if (inMemory) throw error;
    // Named, with what to do; PGlite's own file system errors are plain objects ({name, errno}).
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(
      `The embedded database in ${dataDir} could not be opened (${reason}): check that this user can read and write ` +
      `it and every file in it (ls -lR ${dataDir}), or move it aside and restore a backup.`, { cause: error });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const raw: RawSql = {
    query: async <T>(text: string, params?: unknown[]) => {
      const res = await client.query<T>(text, params as unknown[]);
      return { rows: res.rows };
    },
    exec: async (text) => {
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
  };
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    checkChannel(channel);
    const stop = await client.listen(channel, onMessage);
    return async () => { if (!client.closed) await stop(); };
  };
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  const unbounded = <T>(work: (db: Db) => Promise<T>) => work(db);
  return { db, raw, kind: 'pglite', listen, unbounded, close };
}

/**
 * node-postgres settings for a statement limit (none for 0): the server cancels a statement past
 * it and the connection stays usable; a server that has not answered even by then plus the time
 * to reach it is given up on by the client. The app's pool and pg-boss's share them.
 */
export function statementLimits(statementTimeoutMs: number, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): Pick<pg.PoolConfig, 'statement_timeout' | 'query_timeout'> {
  return statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + connectTimeoutMs } : {};
}

interface PostgresLimits {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

async function openPostgres(url: string, { poolSize, connectTimeoutMs, statementTimeoutMs }: PostgresLimits): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    ...statementLimits(statementTimeoutMs, connectTimeoutMs),
  });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process as an unhandled 'error' event: the pool replaces it on the next query.
  pool.on('error', () => undefined);
  // Nor one lost while a transaction holds it: its query fails with the error, and the pool
  // drops the connection when it comes back.
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  // Fail at start, with the database's own words, rather than on the first request.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const raw: RawSql = {
    query: async <T>(text: string, params?: unknown[]) => {
      const res = await pool.query(text, params);
      return { rows: res.rows as T[] };
    },
    exec: async (text) => {
      const res = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(res) ? res[res.length - 1] : res;
      return { rows: last?.rows ?? [] };
    },
  };
  const listeners = new Set<() => Promise<void>>();
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    checkChannel(channel);
    const stop = await listenPostgres(url, connectTimeoutMs, channel, onMessage);
    const remove = async () => { listeners.delete(remove); await stop(); };
    listeners.add(remove);
    return remove;
  };
  const close = async () => {
    await Promise.all([...listeners].map((stop) => stop()));
    await pool.end();
  };
  const unbounded = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(drizzlePg(client, { schema }) as unknown as Db);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  return { db, raw, kind: 'postgres', listen, unbounded, close };
}

/** How long a lost listening connection waits before connecting again. */
const RELISTEN_DELAY_MS = 1000;

/** LISTEN on a connection of its own, connecting again whenever it is lost. */
async function listenPostgres(url: string, connectTimeoutMs: number, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    c.on('notification', (m) => { if (m.channel === channel) onMessage(m.payload ?? ''); });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const lost = (c: pg.Client) => {
    if (stopped || retry || (client && client !== c)) return;
    client = undefined;
    c.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(() => onMessage(''), () => lost(c));
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Applies the migrations not yet applied, without the statement time limit (an index on a large table takes its time). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await database.unbounded((db) => migratePg(db as never, { migrationsFolder }));
  }
}
