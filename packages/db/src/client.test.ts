import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { articles, newsletterSubscribers, ratings } from './schema/index.ts';
import { openTestDatabase } from '../testing/index.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS, openDatabase, type Database } from './client.ts';
import { dumpPgliteDataDir } from './pglite-archive.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('schema constraints', () => {
  it('has pg_trgm available', async () => {
    const { rows } = await database.raw.query<{ s: number }>("select similarity('خبر فوری', 'خبر فوریی') as s");
    expect(Number(rows[0].s)).toBeGreaterThan(0.5);
  });

  it('rejects a second article for the same (source, telegramId)', async () => {
    const { db } = database;
    await db.insert(articles).values({ title: 'نخست', source: 'chan', telegramId: 10 });
    await expect(db.insert(articles).values({ title: 'دوم', source: 'chan', telegramId: 10 })).rejects.toThrow();
    // Articles written by hand (no source) may coexist.
    await db.insert(articles).values([{ title: 'الف' }, { title: 'ب' }]);
    const { rows } = await database.raw.query<{ n: number }>("select count(*)::int as n from articles");
    const n = rows[0].n;
    expect(n).toBe(3);
  });

  it('keeps one rating per session and article', async () => {
    const { db } = database;
    const [a] = await db.insert(articles).values({ title: 'برای امتیاز' }).returning();
    await db.insert(ratings).values({ articleId: a.id, sessionId: 's1', rating: 4 });
    await expect(db.insert(ratings).values({ articleId: a.id, sessionId: 's1', rating: 2 })).rejects.toThrow();
  });

  it('treats subscriber emails alike regardless of case', async () => {
    const { db } = database;
    await db.insert(newsletterSubscribers).values({ email: 'Reader@Example.com' });
    await expect(db.insert(newsletterSubscribers).values({ email: 'reader@example.COM' })).rejects.toThrow();
  });
});

describe('PGlite buffer pool', () => {
  it('is the size asked for, and a size PostgreSQL would not take is refused before opening', async () => {
    expect(DEFAULT_PGLITE_SHARED_BUFFERS).toBe('32MB');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-buffers-'));
    try {
      const small = await openDatabase({ dataDir: dir, pgliteSharedBuffers: '16MB' });
      expect((await small.raw.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0].shared_buffers).toBe('16MB');
      await small.close();
      await expect(openDatabase({ dataDir: dir, pgliteSharedBuffers: '16 MB; DROP' })).rejects.toThrow(/shared_buffers must look like 32MB/);
      const plain = await openDatabase({ dataDir: dir });
      expect((await plain.raw.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0].shared_buffers).toBe(DEFAULT_PGLITE_SHARED_BUFFERS);
      await plain.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite from an archive', () => {
  it('starts with the archived rows and buffer pool asked for, and leaves the archive as it was', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chapar-archive-'));
    try {
      const source = await openDatabase({ dataDir: dir });
      await source.raw.exec("create table kept (word text); insert into kept values ('خبر')");
      await source.close();
      const archive = new Blob([new Uint8Array(await dumpPgliteDataDir(dir, 'none'))]);
      const copy = await openDatabase({ pgliteArchive: archive, pgliteSharedBuffers: '16MB' });
      expect((await copy.raw.query('select word from kept')).rows).toEqual([{ word: 'خبر' }]);
      expect((await copy.raw.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0].shared_buffers).toBe('16MB');
      await copy.raw.exec("insert into kept values ('دیگر')");
      await copy.close();
      const again = await openDatabase({ pgliteArchive: archive });
      expect((await again.raw.query('select word from kept')).rows).toEqual([{ word: 'خبر' }]);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives each test file a database with every migration applied, from the run\'s archive on PGlite', async () => {
    if (!process.env.TEST_DATABASE_URL) expect(inject('pgliteTemplate')).toMatch(/template\.tar$/);
    const journal = JSON.parse(readFileSync(new URL('../migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    const { rows } = await database.raw.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(journal.entries.length);
  });
});

describe('an embedded database this user cannot write', () => {
  // Modes do not stop root: the immutable flag does.
  const root = process.getuid?.() === 0;
  const lock = async (dir: string) => { if (root) execFileSync('chattr', ['+i', dir]); else await chmod(dir, 0o555); };
  const unlock = async (dir: string) => { if (root) execFileSync('chattr', ['-i', dir]); await chmod(dir, 0o700); };

  it('is named, with what to do, whether it is new or already holds a database', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'chapar-readonly-db-'));
    const fresh = path.join(base, 'fresh');
    const used = path.join(base, 'used');
    mkdirSync(fresh);
    await (await openDatabase({ dataDir: used })).close();
    try {
      for (const dir of [fresh, used]) {
        await lock(dir);
        const error = await openDatabase({ dataDir: dir }).then(() => undefined, (e: unknown) => e);
        expect(error, dir).toBeInstanceOf(Error);
        expect((error as Error).message, dir).toMatch(new RegExp(`^The embedded database in ${dir} could not be opened \\(.+\\): check that this user can read and write it and every file in it \\(ls -lR ${dir}\\), or move it aside and restore a backup\\.$`));
      }
    } finally {
      for (const dir of [fresh, used]) await unlock(dir).catch(() => undefined);
      await rm(base, { recursive: true, force: true });
    }
  });
});
