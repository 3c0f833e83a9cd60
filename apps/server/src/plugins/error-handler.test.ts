// The database out of reach or full is a 503 in Persian that asks to try again, not a 500.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, registerErrorHandler } from './error-handler.ts';

const app = Fastify({ logger: false });
const failures: Record<string, () => Error> = {
  refused: () => new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) }),
  shutdown: () => new Error('Failed query: select 1', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }),
  lost: () => new Error('Connection terminated unexpectedly'),
  full: () => new Error('Failed query: insert', { cause: new Error('could not extend file: No space left on device') }),
  // DATABASE_STATEMENT_TIMEOUT_MS: the server cancelled it (a lock waited on, a slow statement),
  // a lock_timeout set on the server, or the server never answered.
  cancelled: () => new Error('Failed query: select 1', { cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }) }),
  lock: () => new Error('Failed query: update', { cause: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }) }),
  unanswered: () => new Error('Failed query: select 1', { cause: new Error('Query read timeout') }),
  // DATABASE_CONNECT_TIMEOUT_MS: no connection made, or none free in the pool, in time.
  'connect-timeout': () => new Error('Connection terminated due to connection timeout'),
  'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
  other: () => Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
  // Another service's socket (not a query) is not the database.
  elsewhere: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9999'), { code: 'ECONNREFUSED' }),
};

beforeAll(async () => {
  registerErrorHandler(app);
  app.get('/fail/:kind', async (request) => { throw failures[(request.params as { kind: string }).kind](); });
  await app.ready();
});
afterAll(async () => { await app.close(); });

describe('a database that does not answer', () => {
  it('answers 503 with a Persian message and Retry-After, for a refused, shut down or lost connection, a full disk, and a time limit passed', async () => {
    for (const kind of ['refused', 'shutdown', 'lost', 'full', 'cancelled', 'lock', 'unanswered', 'connect-timeout', 'pool-timeout']) {
      const res = await app.inject({ method: 'GET', url: `/fail/${kind}` });
      expect(res.statusCode, kind).toBe(503);
      expect(res.json(), kind).toEqual({ error: 'unavailable', message: DATABASE_UNAVAILABLE });
      expect(res.headers['retry-after'], kind).toBe('30');
    }
  });

  it('leaves any other failure a 500 that tells nothing of it', async () => {
    for (const kind of ['other', 'elsewhere']) {
      const res = await app.inject({ method: 'GET', url: `/fail/${kind}` });
      expect(res.statusCode, kind).toBe(500);
      expect(res.json(), kind).toEqual({ error: 'internal', message: 'خطای داخلی سرور. لطفاً دوباره تلاش کنید.' });
    }
  });
});
