import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

/** What a prepared read is called with: numbers, text, booleans or null. */
export type PreparedValue = number | string | boolean | null;
export type PreparedRead<Row> = (db: Db, values: Record<string, PreparedValue>) => Promise<Row[]>;

const dialect = new PgDialect();
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

type NamedQuery = (config: { name: string; text: string; values: PreparedValue[] }) => Promise<{ rows: unknown[] }>;

/**
 * node-postgres over a PGlite instance (PGlite's own adapter, @electric-sql/pglite/node-postgres):
 * the same named, parameterised statements as on PostgreSQL, in PGlite's one session.
 */
const pgOverPglite = new WeakMap<PGlite, pg.Pool>();
function poolFor(pglite: PGlite): pg.Pool {
  let pool = pgOverPglite.get(pglite);
  if (!pool) {
    // One connection (the adapter's pool size), never closed when idle: its statements stay prepared.
    pool = new pg.Pool({ ...createPgConfig(pglite), idleTimeoutMillis: 0 });
    pgOverPglite.set(pglite, pool);
  }
  return pool;
}

/** The same refusals on both databases: neither can store these. */
function checked(value: PreparedValue): PreparedValue {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`a prepared read takes finite numbers, not ${value}`);
  if (typeof value === 'string' && value.includes('\0')) throw new TypeError('a prepared read takes no NUL characters');
  return value;
}

/**
 * A read the database plans once per session, not on every call: for the article page's read
 * (article, related articles and redirect in one statement) planning was 1.6 of its 2.4 ms.
 * `query` names its inputs with `sql.placeholder('…')`; they go as parameters of a named
 * statement, prepared by node-postgres on each connection (PGlite: its one session) at first use.
 */
export function preparedRead<Row>(name: string, query: SQL): PreparedRead<Row> {
  if (!NAME.test(name)) throw new Error(`not a statement name: ${name}`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const bind = (values: Record<string, PreparedValue>): PreparedValue[] => params.map((param) => {
    if (!is(param, Placeholder)) return param as PreparedValue;
    const value = values[param.name];
    if (value === undefined) throw new TypeError(`no value for ${param.name} in ${name}`);
    return checked(value);
  });
  return async (db, values) => {
    const bound = bind(values);
    const client = (db as unknown as { $client: unknown }).$client;
    const run: NamedQuery = client instanceof PGlite
      ? (config) => poolFor(client).query(config)
      : (config) => (client as { query: NamedQuery }).query(config);
    return (await run({ name, text, values: bound })).rows as Row[];
  };
}
