// The embedded database's data directory as one archive (PGlite's dumpDataDir / loadDataDir):
// what `main.ts backup` keeps and `main.ts restore` puts back. PGlite is one process's: the
// site must be stopped while either runs.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockPgliteDataDir, restrictPgliteDataDir } from './pglite-lock.ts';

/** Whether the directory holds a PGlite database (anything at all in it). */
export function pgliteDataDirInUse(dataDir: string): boolean {
  return existsSync(dataDir) && readdirSync(dataDir).length > 0;
}

/**
 * Whether a PGlite has the directory open now: PGlite keeps `postmaster.pid` there while it runs
 * (and removes it on close). A process that crashed leaves it too; starting and stopping the site
 * once clears it.
 */
export function pgliteDataDirOpen(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postmaster.pid'));
}

/** The data directory as a tar archive, gzip-compressed unless asked otherwise. */
export async function dumpPgliteDataDir(dataDir: string, compression: 'gzip' | 'none' = 'gzip'): Promise<Buffer> {
  if (!pgliteDataDirInUse(dataDir)) throw new Error(`no embedded database at ${dataDir}`);
  const unlock = lockPgliteDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      // Everything written reaches the files the archive is made from.
      await client.exec('CHECKPOINT');
      const archive = await client.dumpDataDir(compression);
      return Buffer.from(await archive.arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Reads a gzip archive through to its end and checksum. PGlite leaves a damaged one's stream error
 * unhandled, which ends a Node process: checked here first, a cut or damaged archive is a plain rejection.
 */
async function checkGzip(archive: Buffer): Promise<void> {
  if (archive[0] !== 0x1f || archive[1] !== 0x8b) return;
  await pipeline(Readable.from([archive]), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() }));
}

/** Makes the data directory (which must be empty) from an archive dumpPgliteDataDir made. */
export async function loadPgliteDataDir(dataDir: string, archive: Buffer): Promise<void> {
  if (pgliteDataDirInUse(dataDir)) throw new Error(`${dataDir} is not empty`);
  await checkGzip(archive);
  const unlock = lockPgliteDataDir(dataDir);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(archive)]) });
    try {
      // The loaded database answers before it is called restored.
      await client.query('select 1');
    } finally {
      await client.close();
    }
    restrictPgliteDataDir(dataDir);
  } finally {
    unlock();
  }
}
