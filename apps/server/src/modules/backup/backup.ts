// `main.ts backup <dir>` and `main.ts restore <dir>`: the site named by DATA_DIR / DATABASE_URL
// and S3_* (the database, both media storages and the kept session secret) into a directory
// with a manifest, and back into an empty site — or, with --force, over an existing one.
import { existsSync, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pgliteDataDirOpen } from '@chapar/db';
import type { Config } from '../../config.ts';
import { createStorages } from '../../integrations/storage/index.ts';
import { SESSION_SECRET_FILE } from '../../session-secret.ts';
import { VAPID_KEYS_FILE } from '../push/vapid-keys.ts';

/** Files made once and kept in DATA_DIR: sealed data and readers' push subscriptions depend on them. */
const KEPT_FILES = [SESSION_SECRET_FILE, VAPID_KEYS_FILE];
import { VERSION } from '../../version.ts';
import { databaseContents, dumpDatabase, restoreDatabase, type DatabaseTarget } from './database.ts';
import { backupMedia, mediaContents, restoreMedia, type BackedUpFile } from './media.ts';

export const MANIFEST = 'manifest.json';
const FORMAT = 'chapar-backup';

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  appVersion: string;
  database: { kind: DatabaseTarget['kind']; file: string };
  media: { storage: 'local' | 's3'; files: BackedUpFile[] };
  sessionSecret: boolean;
  /** The kept files (session secret, VAPID keys) this backup holds; older backups name only the secret. */
  keptFiles?: string[];
}

/** Refused before anything changed: the message says why and what to do. */
export class BackupRefused extends Error {}

export function databaseTarget(config: Config): DatabaseTarget {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  if (config.dataDir.startsWith('memory://')) throw new BackupRefused('DATA_DIR is memory://: there is no site on disk to back up or restore.');
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/** PGlite belongs to one process: a site that has it open is stopped first. */
function refuseOpenPglite(target: DatabaseTarget): void {
  if (target.kind === 'pglite' && pgliteDataDirOpen(target.dataDir)) {
    throw new BackupRefused(`The embedded database in ${target.dataDir} is open (its postmaster.pid is there): stop the site first. If it is not running, it stopped without closing the database: start it and stop it once, then run this again.`);
  }
}

const storagesOf = (config: Config) => createStorages({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl, s3: config.s3, limits: config.storage });

export async function backupSite(config: Config, dir: string, log: (line: string) => void = () => undefined): Promise<Manifest> {
  const target = databaseTarget(config);
  refuseOpenPglite(target);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new BackupRefused(`${dir} is not empty: a backup goes into a new or empty directory, so it never mixes with another.`);
  // The backup holds password hashes, subscribers' addresses and the session secret: its
  // directory and the files that hold them are its owner's only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const databaseFile = target.kind === 'pglite' ? 'database.pglite.tar.gz' : 'database.pgdump';
  await dumpDatabase(target, path.join(dir, databaseFile));
  await chmod(path.join(dir, databaseFile), 0o600);
  log(`database (${target.kind}): ${databaseFile}`);
  const files = await backupMedia(storagesOf(config), dir, log);
  const keptFiles = KEPT_FILES.filter((name) => existsSync(path.join(config.dataDir, name)));
  for (const name of keptFiles) {
    await copyFile(path.join(config.dataDir, name), path.join(dir, name));
    await chmod(path.join(dir, name), 0o600);
  }
  const sessionSecret = keptFiles.includes(SESSION_SECRET_FILE);
  const manifest: Manifest = {
    format: FORMAT, version: 1, createdAt: new Date().toISOString(), appVersion: VERSION,
    database: { kind: target.kind, file: databaseFile }, media: { storage: config.s3 ? 's3' : 'local', files }, sessionSecret, keptFiles,
  };
  // Written last: a directory with a manifest is a finished backup.
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => {
    throw new BackupRefused(`${dir} holds no ${MANIFEST}: not a finished Chapar backup.`);
  });
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== FORMAT || manifest.version !== 1) throw new BackupRefused(`${dir}/${MANIFEST} is not a Chapar backup this version can read.`);
  return manifest;
}

export async function restoreSite(config: Config, dir: string, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  const manifest = await readManifest(dir);
  const target = databaseTarget(config);
  if (manifest.database.kind !== target.kind) {
    throw new BackupRefused(`This backup holds ${manifest.database.kind === 'pglite' ? 'an embedded (PGlite) database' : 'a PostgreSQL database'}; the site named by ${target.kind === 'pglite' ? 'DATA_DIR' : 'DATABASE_URL'} uses ${target.kind === 'pglite' ? 'the embedded one' : 'PostgreSQL'}. Restore it into the same kind of database.`);
  }
  refuseOpenPglite(target);
  const storages = storagesOf(config);
  const tables = await databaseContents(target);
  const media = await mediaContents(storages);
  if ((tables.length || media.length) && !options.force) {
    const what = [tables.length ? `the database is not empty (${target.kind === 'pglite' ? target.dataDir : `${tables.length} tables`})` : '', media.length ? `the media storage holds ${media.length} file${media.length === 1 ? '' : 's'}` : '']
      .filter(Boolean).join(' and ');
    throw new BackupRefused(`Not restored: ${what}. A restore replaces the whole site; stop it and run again with --force to overwrite it, or point DATA_DIR / DATABASE_URL / S3_* at an empty site.`);
  }
  await restoreDatabase(target, path.join(dir, manifest.database.file), tables.length > 0);
  log(`database (${target.kind}) restored`);
  await restoreMedia(storages, dir, manifest.media.files, media.length > 0, log);
  // Only the names this version keeps: a manifest never chooses where a file is written.
  const kept = (manifest.keptFiles ?? (manifest.sessionSecret ? [SESSION_SECRET_FILE] : [])).filter((name) => KEPT_FILES.includes(name));
  if (kept.length && !config.dataDir.startsWith('memory://')) {
    await mkdir(config.dataDir, { recursive: true });
    for (const name of kept) {
      await copyFile(path.join(dir, name), path.join(config.dataDir, name));
      await chmod(path.join(config.dataDir, name), 0o600);
    }
  }
  return manifest;
}
