// Vitest's global setup: one migrated PGlite, archived once per run, so each test file's fresh
// database is loaded from it (about 0.7 s) instead of being created and migrated (about 3.4 s in
// memory, more on disk). Made on PostgreSQL runs too: the browser tests' sites are embedded.
// On a PostgreSQL run, one migrated database is also made there, and each file's database is
// copied from it (CREATE DATABASE … TEMPLATE, about 0.4 s) instead of migrated (1–2 s).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/client.ts';
import { dumpPgliteDataDir } from '../src/pglite-archive.ts';
import { onServer } from './on-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive each test's new PGlite starts from (openTestDatabase, the browser tests' sites). */
    pgliteTemplate?: string;
    /** On a PostgreSQL run, the migrated database each file's database is copied from. */
    postgresTemplate?: string;
  }
}

/** A migrated database on the PostgreSQL server, named for this run; its drop. */
async function postgresTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `chapar_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  const database = await openDatabase({ url: at.toString(), poolSize: 1 });
  await migrateDatabase(database);
  // No connection may stay open on a template while a copy is made.
  await database.close();
  return { name, drop: () => onServer(url, `drop database if exists ${name} with (force)`) };
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chapar-pglite-template-'));
  const dataDir = path.join(dir, 'data');
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await database.close();
  // Uncompressed: it loads in two thirds of the gzip archive's time.
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, await dumpPgliteDataDir(dataDir, 'none'));
  rmSync(dataDir, { recursive: true, force: true });
  project.provide('pgliteTemplate', file);
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await postgresTemplate(url) : undefined;
  if (template) project.provide('postgresTemplate', template.name);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
