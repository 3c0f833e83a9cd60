// `main.ts backup <dir>` and `main.ts restore <dir>`: the site named by DATA_DIR / DATABASE_URL
// and S3_* (the database, both media storages and the kept session secret) into a directory
// with a manifest, and back into an empty site — or, with --force, over an existing one. A
// restore reads and checks the whole backup before it touches the site.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lockPgliteDataDir, pgliteDataDirOpen } from '@chapar/db';
import type { Config } from '../../config.ts';
import { createStorages } from '../../integrations/storage/index.ts';
import { SESSION_SECRET_FILE } from '../../session-secret.ts';
import { VAPID_KEYS_FILE } from '../push/vapid-keys.ts';

/** Files made once and kept in DATA_DIR: sealed data and readers' push subscriptions depend on them. */
const KEPT_FILES = [SESSION_SECRET_FILE, VAPID_KEYS_FILE];
import { VERSION } from '../../version.ts';
import { databaseContents, dumpDatabase, loadDatabase, messageOf, type DatabaseTarget, type LoadedDatabase } from './database.ts';
import { backupMedia, checkMedia, mediaContents, putMedia, removeMediaNotIn, sha256Of, type BackedUpFile } from './media.ts';

export const MANIFEST = 'manifest.json';
const FORMAT = 'chapar-backup';

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  appVersion: string;
  /** sha256: the archive's checksum; backups made before it was kept have none. */
  database: { kind: DatabaseTarget['kind']; file: string; sha256?: string };
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
  const databaseSha256 = await sha256Of(path.join(dir, databaseFile));
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
    database: { kind: target.kind, file: databaseFile, sha256: databaseSha256 }, media: { storage: config.s3 ? 's3' : 'local', files }, sessionSecret, keptFiles,
  };
  // Written last: a directory with a manifest is a finished backup.
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => {
    throw new BackupRefused(`${dir} holds no ${MANIFEST}: not a finished Chapar backup.`);
  });
  const manifest = (() => {
    try {
      return JSON.parse(text) as Manifest;
    } catch {
      throw new BackupRefused(`${dir}/${MANIFEST} is not valid JSON: the backup is damaged.`);
    }
  })();
  if (manifest?.format !== FORMAT || manifest.version !== 1) throw new BackupRefused(`${dir}/${MANIFEST} is not a Chapar backup this version can read.`);
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
  // Nothing may open the embedded database while it is swapped (the site is stopped, but a start could race).
  const unlock = target.kind === 'pglite' ? lockPgliteDataDir(target.dataDir) : () => undefined;
  try {
    await restoreChecked(config, dir, manifest, { target, replaceMedia: media.length > 0, replaceDatabase: tables.length > 0, log });
  } finally {
    unlock();
  }
  return manifest;
}

/** Every part of the backup read and checked, then put in place; a failure part way undoes what it can. */
async function restoreChecked(config: Config, dir: string, manifest: Manifest, o: { target: DatabaseTarget; replaceMedia: boolean; replaceDatabase: boolean; log: (line: string) => void }) {
  const storages = storagesOf(config);
  const archive = path.join(dir, manifest.database.file);
  // Only the names this version keeps: a manifest never chooses where a file is written.
  const kept = (manifest.keptFiles ?? (manifest.sessionSecret ? [SESSION_SECRET_FILE] : [])).filter((name) => KEPT_FILES.includes(name));
  let loaded: LoadedDatabase;
  try {
    await checkMedia(dir, manifest.media.files);
    for (const name of [manifest.database.file, ...kept]) {
      if (!existsSync(path.join(dir, name))) throw new Error(`${name} is missing from the backup: the backup is incomplete`);
    }
    if (manifest.database.sha256 !== undefined && (await sha256Of(archive)) !== manifest.database.sha256) {
      throw new Error(`the database archive ${manifest.database.file} does not match its checksum: the backup is damaged`);
    }
    loaded = await loadDatabase(o.target, archive, o.replaceDatabase);
  } catch (error) {
    throw error instanceof BackupRefused ? error : new BackupRefused(`Not restored: ${messageOf(error)}. Nothing was changed.`, { cause: error });
  }
  let step = 'putting the database in place failed';
  try {
    await loaded.swapIn();
    o.log(`database (${o.target.kind}) restored`);
    step = 'writing the media failed';
    await putMedia(storages, dir, manifest.media.files, o.log);
    step = 'writing the kept files (session secret, VAPID keys) failed';
    await putKeptFiles(config.dataDir, dir, kept);
  } catch (error) {
    const why = `${step}: ${messageOf(error)}`;
    const putBack = await loaded.putBack().catch((failed: unknown) => {
      throw new Error(`Restore stopped part way: ${why}; ${messageOf(failed)}.`, { cause: error });
    });
    if (!putBack) throw new Error(`Restore stopped part way: ${why}. The database is the backup's now, its media may not all be: run the restore again with --force once the cause is fixed.`, { cause: error });
    if (step.startsWith('putting the database')) throw new BackupRefused(`Not restored: ${why}. Nothing was changed.`, { cause: error });
    throw new BackupRefused(`Not restored: ${why}. The database was put back as it was; media files of the backup already written replaced the site's files of the same names, and nothing the site had was deleted.`, { cause: error });
  }
  await loaded.finish().catch((error: unknown) => o.log(`the replaced database could not be removed (${messageOf(error)}): remove it by hand`));
  if (o.replaceMedia) {
    await removeMediaNotIn(storages, manifest.media.files).catch((error: unknown) => {
      throw new Error(`Restored, but the media files the backup does not have could not all be deleted (${messageOf(error)}): run the restore again with --force to finish.`, { cause: error });
    });
  }
}

/** The kept files copied beside their places first, then renamed in: none is left half written. */
async function putKeptFiles(dataDir: string, dir: string, kept: string[]): Promise<void> {
  if (!kept.length || dataDir.startsWith('memory://')) return;
  await mkdir(dataDir, { recursive: true });
  const token = randomBytes(4).toString('hex');
  const temporary = (name: string) => path.join(dataDir, `${name}.restoring-${token}`);
  try {
    for (const name of kept) {
      await copyFile(path.join(dir, name), temporary(name));
      await chmod(temporary(name), 0o600);
    }
    for (const name of kept) await rename(temporary(name), path.join(dataDir, name));
  } finally {
    for (const name of kept) await rm(temporary(name), { force: true });
  }
}
