// The browser tests' global setup: one site with the demo newsroom, made once per run. Each test
// file's site starts from a copy of it (its data directory, and its database from an archive)
// instead of running the demo's 30 posts through the ingest pipeline again: that took 5 s of a
// busy machine's CPU per file.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { dumpPgliteDataDir } from '@chapar/db';
import { openAppDatabase, prepareSite } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { baseSiteEnv } from './site-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo site every browser test's site starts from: its data directory (no database) and its database's archive. */
    siteTemplate?: { dir: string; archive: string };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(path.join(tmpdir(), 'chapar-e2e-template-'));
  const dataDir = path.join(root, 'data');
  const config = loadConfig(baseSiteEnv(dataDir));
  const migrated = project.getProvidedContext().pgliteTemplate;
  const database = await openAppDatabase(config, migrated ? { pgliteArchive: new Blob([readFileSync(migrated)]) } : {});
  await prepareSite(database, config, pino({ level: 'silent' }), () => undefined);
  await database.close();
  const archive = path.join(root, 'site.tar');
  writeFileSync(archive, await dumpPgliteDataDir(path.join(dataDir, 'pglite'), 'none'));
  // The database travels as the archive; everything else in the directory is copied as it is.
  for (const entry of readdirSync(dataDir)) if (entry.startsWith('pglite')) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  project.provide('siteTemplate', { dir: dataDir, archive });
  return () => rmSync(root, { recursive: true, force: true });
}
