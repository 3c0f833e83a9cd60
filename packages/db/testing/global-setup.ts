// Vitest's global setup: one migrated PGlite, archived once per run, so each test file's fresh
// database is loaded from it (about 0.7 s) instead of being created and migrated (about 3.4 s in
// memory, more on disk). Made on PostgreSQL runs too: the browser tests' sites are embedded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/client.ts';
import { dumpPgliteDataDir } from '../src/pglite-archive.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive each test's new PGlite starts from (openTestDatabase, the browser tests' sites). */
    pgliteTemplate?: string;
  }
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
  return () => rmSync(dir, { recursive: true, force: true });
}
