import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing/index.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Db } from './client.ts';
import { preparedRead } from './prepared.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.raw.exec(`create table prepared_probe (id int primary key, name text not null)`);
  await database.raw.exec(`insert into prepared_probe values (1, 'نخست'), (2, 'it''s'), (3, 'سوم')`);
}, 60_000);
afterAll(async () => {
  await database?.raw.exec('drop table if exists prepared_probe');
  await database?.close();
});

const byName = preparedRead<{ id: number }>('probe_by_name', sql`select id from prepared_probe where name = ${sql.placeholder('name')} order by id`);
const between = preparedRead<{ id: number; name: string }>('probe_between',
  sql`select id, name from prepared_probe where id between ${sql.placeholder('low')} and ${sql.placeholder('high')} and ${'x'} = 'x' order by id`);

describe('preparedRead', () => {
  it('answers with the values it is given, called again and again', async () => {
    for (let i = 0; i < 8; i++) {
      expect(await between(database.db, { low: 1, high: 2 })).toEqual([{ id: 1, name: 'نخست' }, { id: 2, name: "it's" }]);
      expect(await between(database.db, { low: 3, high: 9 })).toEqual([{ id: 3, name: 'سوم' }]);
    }
  });

  it('passes text as text: quotes and SQL in a value match only themselves', async () => {
    expect(await byName(database.db, { name: "it's" })).toEqual([{ id: 2 }]);
    expect(await byName(database.db, { name: "x' or '1'='1" })).toEqual([]);
    expect(await byName(database.db, { name: "'); drop table prepared_probe; --" })).toEqual([]);
    // A backslash before the quote breaks nothing either.
    expect(await byName(database.db, { name: "\\'); drop table prepared_probe; --" })).toEqual([]);
    expect(await byName(database.db, { name: 'نخست' })).toEqual([{ id: 1 }]);
    expect((await database.raw.query<{ n: number }>('select count(*)::int as n from prepared_probe')).rows[0].n).toBe(3);
  });

  it('refuses a missing value, a non-finite number and a NUL, and changes nothing', async () => {
    await expect(between(database.db, { low: 1 })).rejects.toThrow(/no value for high/);
    await expect(between(database.db, { low: 1, high: Number.NaN })).rejects.toThrow(/finite/);
    await expect(byName(database.db, { name: 'a\0b' })).rejects.toThrow(/NUL/);
    expect(await between(database.db, { low: 1, high: 3 })).toHaveLength(3);
  });

  it('keeps the plan: the session that ran the read lists the statement as prepared, once', async () => {
    const listed = `select name from pg_prepared_statements where name = 'probe_between'`;
    if (database.kind === 'pglite') {
      // One session: prepared at the first read, used after.
      await between(database.db, { low: 1, high: 1 });
      await between(database.db, { low: 2, high: 2 });
      expect((await database.raw.query<{ name: string }>(listed)).rows).toEqual([{ name: 'probe_between' }]);
      return;
    }
    // node-postgres prepares on each pooled connection as it is used: read through one of them.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      const onOneConnection = drizzlePg(client) as unknown as Db;
      expect(await between(onOneConnection, { low: 1, high: 1 })).toEqual([{ id: 1, name: 'نخست' }]);
      expect(await between(onOneConnection, { low: 2, high: 2 })).toEqual([{ id: 2, name: "it's" }]);
      expect((await client.query(listed)).rows).toEqual([{ name: 'probe_between' }]);
    } finally {
      client.release();
    }
  });

  it('answers reads asked for at the same time each with its own rows', async () => {
    const answers = await Promise.all([
      between(database.db, { low: 1, high: 2 }),
      byName(database.db, { name: 'سوم' }),
      between(database.db, { low: 3, high: 3 }),
      byName(database.db, { name: 'none' }),
      Promise.resolve().then(() => between(database.db, { low: 2, high: 3 })),
    ]);
    expect(answers).toEqual([
      [{ id: 1, name: 'نخست' }, { id: 2, name: "it's" }],
      [{ id: 3 }],
      [{ id: 3, name: 'سوم' }],
      [],
      [{ id: 2, name: "it's" }, { id: 3, name: 'سوم' }],
    ]);
  });

  it('sends values as parameters, never written into the statement', async () => {
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof PGlite)) return;
    const seen: string[] = [];
    const exec = client.exec.bind(client);
    client.exec = (query, options) => (seen.push(query), exec(query, options));
    try {
      expect(await byName(database.db, { name: "it's" })).toEqual([{ id: 2 }]);
      // Nothing goes through PGlite's simple protocol, where a value written into SQL would run.
      expect(seen).toEqual([]);
    } finally {
      client.exec = exec;
    }
  });

  it('gives a read that fails its own error and the reads asked for with it their rows', async () => {
    const answers = await Promise.allSettled([
      between(database.db, { low: 1, high: 1 }),
      between(database.db, { low: 'one', high: 2 }),
      byName(database.db, { name: 'نخست' }),
    ]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: [{ id: 1, name: 'نخست' }] });
    expect(answers[1].status).toBe('rejected');
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/invalid input syntax for type integer/);
    expect(answers[2]).toEqual({ status: 'fulfilled', value: [{ id: 1 }] });
    // The session is usable afterwards: no transaction was left aborted.
    expect(await between(database.db, { low: 2, high: 2 })).toEqual([{ id: 2, name: "it's" }]);
  });

  it('answers many reads at once, each its own', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(ids.map((id) => between(database.db, { low: id, high: id })));
    expect(answers.map((rows) => rows.map((row) => row.id))).toEqual(ids.map((id) => [id]));
  });

  it('refuses a name that is not a plain identifier', () => {
    expect(() => preparedRead('bad name; drop', sql`select 1`)).toThrow(/not a statement name/);
  });
});
