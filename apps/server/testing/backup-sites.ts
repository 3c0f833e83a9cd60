// Sites of their own for the backup tests: a data directory, PGlite or a new PostgreSQL database
// (TEST_DATABASE_URL), media on disk or in an S3 bucket, and what they hold read back.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@chapar/db';
import { loadConfig, type Config } from '../src/config.ts';
import { createStorages } from '../src/integrations/storage/index.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

export const POSTGRES = process.env.TEST_DATABASE_URL;
/** pg_dump and pg_restore (Debian: postgresql-client); npm test names them when missing. */
export const PG_CLIENT = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** Each pass of npm test runs its own database: PGlite without TEST_DATABASE_URL, PostgreSQL with it. */
export const skipDatabase = (db: 'pglite' | 'postgres') => (db === 'postgres' ? !POSTGRES || !PG_CLIENT : Boolean(POSTGRES));

const cleanups: Array<() => Promise<unknown>> = [];
/** For afterAll: removes every directory, database and bucket made here. */
export async function cleanUp(): Promise<void> {
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
}

export const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `chapar-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

/** A new, empty PostgreSQL database on the test server (dropped by cleanUp). */
async function emptyPostgres(): Promise<string> {
  const name = `chapar_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: POSTGRES });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(POSTGRES!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function bucket(): Promise<TestS3Server> {
  const server = await startS3Server();
  cleanups.push(() => server.close());
  return server;
}

/** A site of its own: a data directory, PGlite or a new PostgreSQL database, media on disk or in a bucket. */
export async function site(db: 'pglite' | 'postgres', media: 'local' | 's3'): Promise<Config> {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_CONTENT: 'false', DATA_DIR: await tempDir('site'), ...(db === 'postgres' ? { DATABASE_URL: await emptyPostgres() } : {}) };
  const config = loadConfig(env);
  if (media === 'local') return config;
  const s3 = await bucket();
  return { ...config, s3: s3.options, mediaBaseUrl: s3.mediaBaseUrl };
}

/** Every row of every table outside PostgreSQL's own schemas, as sorted JSON lines. */
export async function tables(config: Config): Promise<Record<string, string[]>> {
  // Opened as it is (no migrations run): what was restored, nothing added.
  const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), poolSize: 1 });
  try {
    const { rows } = await database.raw.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1");
    const out: Record<string, string[]> = {};
    for (const { name } of rows) out[name] = (await database.raw.query(`select * from ${name}`)).rows.map((r) => JSON.stringify(r)).sort();
    return out;
  } finally {
    await database.close();
  }
}

/** Every media object: store, key and content. */
export async function mediaFiles(config: Config): Promise<Record<string, string>> {
  const storages = createStorages({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl, s3: config.s3 });
  const out: Record<string, string> = {};
  for (const store of ['media', 'originals'] as const) {
    for (const key of await storages[store].list!()) out[`${store}/${key}`] = (await storages[store].get(key))!.toString('base64');
  }
  return out;
}
