// A PostgreSQL server that fails mid-conversation fails the query, never the process.
import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

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
  it('that drops a connection a transaction holds: the transaction fails, the process goes on', async () => {
    const url = await fakePostgres((query) => (query === 'select 42' ? 'drop' : 'ok'));
    const database = await openDatabase({ url });
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
