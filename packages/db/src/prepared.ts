import { PGlite } from '@electric-sql/pglite';
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** What a prepared read is called with: numbers, text, booleans or null. */
export type PreparedValue = number | string | boolean | null;
export type PreparedRead<Row> = (db: Db, values: Record<string, PreparedValue>) => Promise<Row[]>;

const dialect = new PgDialect();
const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Per PGlite instance (one session each): the statements already prepared in it. */
const preparedIn = new WeakMap<PGlite, Map<string, Promise<void>>>();

/** The same refusals on both databases: neither can store these. */
function checked(value: PreparedValue): PreparedValue {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`a prepared read takes finite numbers, not ${value}`);
  if (typeof value === 'string' && value.includes('\0')) throw new TypeError('a prepared read takes no NUL characters');
  return value;
}

/** A value written into `EXECUTE name(…)` as a literal (PGlite's simple protocol takes no parameters there). */
function literal(value: PreparedValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  // With standard_conforming_strings on (checked when the first statement is prepared), a
  // quote doubled is the whole of the escaping a string literal needs.
  return `'${value.replaceAll("'", "''")}'`;
}

async function prepareInPglite(client: PGlite, name: string, text: string): Promise<void> {
  let statements = preparedIn.get(client);
  if (!statements) {
    statements = new Map();
    preparedIn.set(client, statements);
  }
  let ready = statements.get(name);
  if (!ready) {
    ready = (async () => {
      const [{ rows }] = await client.exec('show standard_conforming_strings');
      if ((rows[0] as { standard_conforming_strings?: string }).standard_conforming_strings !== 'on') {
        throw new Error('prepared reads need standard_conforming_strings = on');
      }
      await client.exec(`PREPARE ${name} AS ${text}`);
    })();
    statements.set(name, ready);
    // A failed PREPARE is tried again on the next call.
    ready.catch(() => statements.delete(name));
  }
  return ready;
}

/** Most reads sent to PGlite in one message. */
const MAX_BATCH = 16;

interface WaitingRead {
  statement: string;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

/** Reads waiting to go to one PGlite client, and whether a message is being sent now. */
interface ReadQueue {
  waiting: WaitingRead[];
  sending: boolean;
}
/** Per PGlite instance. */
const queues = new WeakMap<PGlite, ReadQueue>();

/** One statement alone, for its own rows or its own error. */
async function executeAlone(client: PGlite, read: WaitingRead): Promise<void> {
  try {
    const [result] = await client.exec(read.statement);
    read.resolve(result.rows);
  } catch (error) {
    read.reject(error);
  }
}

async function sendWaiting(client: PGlite, queue: ReadQueue): Promise<void> {
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, MAX_BATCH);
    if (batch.length === 1) {
      await executeAlone(client, batch[0]);
      continue;
    }
    // One statement that fails fails the message: then each is sent again alone, so the one that
    // fails gets its own error and the others their rows.
    const results = await client.exec(batch.map((read) => read.statement).join(';\n')).catch(() => undefined);
    if (results?.length === batch.length) batch.forEach((read, i) => read.resolve(results[i].rows));
    else for (const read of batch) await executeAlone(client, read);
  }
  queue.sending = false;
}

/** The client's read queue, made at its first read (not written again on every read). */
function queueOf(client: PGlite): ReadQueue {
  let queue = queues.get(client);
  if (!queue) {
    queue = { waiting: [], sending: false };
    queues.set(client, queue);
  }
  return queue;
}

/**
 * Sends `statement` to PGlite with the other reads asked for in the same turn of work. Each
 * message into PGlite has a fixed cost on the server's thread (the call into WebAssembly, the
 * answer decoded): three small statements took 0.93 ms one by one and 0.54 ms as one message.
 * The home page asks for its three lists at once; they wait until the promise jobs now running
 * are done (process.nextTick, asked for from within one, runs when they are) and go together.
 */
function executeInBatch(client: PGlite, statement: string): Promise<unknown[]> {
  const queue = queueOf(client);
  return new Promise((resolve, reject) => {
    queue.waiting.push({ statement, resolve, reject });
    if (queue.sending) return;
    queue.sending = true;
    process.nextTick(() => void sendWaiting(client, queue));
  });
}

/**
 * A read the database plans once per connection and not on every call. PostgreSQL plans a
 * statement it is sent without a name anew each time: for the article page's read (the
 * article, its related articles and its redirect in one statement) planning took 1.6 of its
 * 2.4 ms on PGlite, on the server's own thread. Named, the plan is kept (and replaced by the
 * database itself after a schema change).
 *
 * `query` names its inputs with `sql.placeholder('…')`; every other value in it is fixed.
 * PostgreSQL (node-postgres) gets a named extended-protocol statement, prepared by the driver
 * on each pooled connection at its first use. PGlite, one session per instance, gets
 * `PREPARE` once and `EXECUTE` with the values as literals, in one simple-protocol message with
 * the other reads asked for at the same time (executeInBatch).
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
    if (client instanceof PGlite) {
      await prepareInPglite(client, name, text);
      // The simple query protocol: one message into the database instead of the extended
      // protocol's five (parse, describe, bind, execute, sync), each a call into WebAssembly
      // (0.13 → 0.06 ms for `select 1`, the same rows and types); several reads in one message.
      return (await executeInBatch(client, bound.length ? `EXECUTE ${name}(${bound.map(literal).join(', ')})` : `EXECUTE ${name}`)) as Row[];
    }
    const pool = client as { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> };
    return (await pool.query({ name, text, values: bound })).rows;
  };
}
