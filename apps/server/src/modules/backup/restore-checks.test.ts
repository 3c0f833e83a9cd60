// restore --force over a site that changed since its backup: a damaged backup (a media file or
// the database archive) is refused before anything of the site is touched, on PGlite and on
// PostgreSQL (TEST_DATABASE_URL); a good one replaces the site and leaves nothing set aside, and
// media that cannot be written puts the site's own database back on both.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openAppDatabase } from '../../bootstrap.ts';
import type { Config } from '../../config.ts';
import { createStorages } from '../../integrations/storage/index.ts';
import { createArticle } from '../../../testing/factories.ts';
import { cleanUp, mediaFiles, site, skipDatabase, tables, tempDir } from '../../../testing/backup-sites.ts';
import { makeReadOnly, makeWritable } from '../../../testing/read-only-dir.ts';
import { BackupRefused, backupSite, MANIFEST, restoreSite, type Manifest } from './backup.ts';

afterAll(cleanUp);

const BEFORE = 'خبر پیش از پشتیبان';
const AFTER = 'خبر پس از پشتیبان';

async function titles(config: Config): Promise<string[]> {
  const rows = (await tables(config))['public.articles'] ?? [];
  return rows.map((row) => (JSON.parse(row) as { title: string }).title).sort();
}

/** What a restore loads beside the site's database or sets aside from it (the lock file is the site's own). */
const setAside = (live: Config) => readdirSync(live.dataDir).filter((name) => name.startsWith('pglite.') && name !== 'pglite.lock');

/** A site with one article and two media files, backed up; then another article and file written. */
async function changedSinceBackup(db: 'pglite' | 'postgres'): Promise<{ live: Config; dir: string }> {
  const live = await site(db, 'local');
  const storages = createStorages({ dataDir: live.dataDir, mediaBaseUrl: live.mediaBaseUrl });
  let database = await openAppDatabase(live);
  await createArticle(database, { title: BEFORE });
  await database.close();
  await storages.media.put('tg/akhbar/1/0-image.jpg', randomBytes(20_000), 'image/jpeg');
  await storages.originals.put('tg/akhbar/1/0-image.jpg', randomBytes(30_000), 'image/jpeg');
  const dir = path.join(await tempDir('backup'), 'site');
  await backupSite(live, dir);
  database = await openAppDatabase(live);
  await createArticle(database, { title: AFTER });
  await database.close();
  await storages.media.put('tg/akhbar/2/0-image.jpg', randomBytes(5_000), 'image/jpeg');
  return { live, dir };
}

/** restore --force, which must be refused with `message` and leave every row and file as it was. */
async function refusedAndUnchanged(live: Config, dir: string, message: RegExp): Promise<void> {
  const [rows, files] = [await tables(live), await mediaFiles(live)];
  const error = await restoreSite(live, dir, { force: true }).catch((e: unknown) => e);
  expect(await titles(live)).toEqual([AFTER, BEFORE].sort());
  expect(await tables(live)).toEqual(rows);
  expect(await mediaFiles(live)).toEqual(files);
  expect(error).toBeInstanceOf(BackupRefused);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).toMatch(/Nothing was changed\.$/);
  // Nothing loaded or set aside is left beside the site's own database.
  expect(setAside(live)).toEqual([]);
}

/**
 * Runs `work` with the process's temporary directory (where a PostgreSQL restore keeps the site's
 * own database until it has finished) pointed at a new one, and says what is left in it.
 */
async function leftInTmp<T>(work: () => Promise<T>): Promise<{ result: T; left: string[] }> {
  const temporary = await tempDir('tmp');
  vi.stubEnv('TMPDIR', temporary);
  try {
    const result = await work();
    return { result, left: readdirSync(temporary) };
  } finally {
    vi.unstubAllEnvs();
  }
}

const editManifest = async (dir: string, edit: (manifest: Manifest) => void) => {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  edit(manifest);
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
};

describe('restore --force checks the whole backup before it touches the site', () => {
  for (const db of ['pglite', 'postgres'] as const) {
    it.skipIf(skipDatabase(db))(`${db}: a damaged media file leaves the database as it was`, async () => {
      const { live, dir } = await changedSinceBackup(db);
      await writeFile(path.join(dir, 'originals', 'tg', 'akhbar', '1', '0-image.jpg'), 'not the picture');
      await refusedAndUnchanged(live, dir, /^Not restored: originals\/tg\/akhbar\/1\/0-image\.jpg in the backup does not match its checksum: the backup is damaged\./);
    }, 180_000);

    it.skipIf(skipDatabase(db))(`${db}: a cut database archive is refused, with its checksum and (an older backup) without`, async () => {
      const { live, dir } = await changedSinceBackup(db);
      const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
      const archive = path.join(dir, manifest.database.file);
      await truncate(archive, Math.floor((await stat(archive)).size / 2));
      await refusedAndUnchanged(live, dir, new RegExp(`^Not restored: the database archive ${manifest.database.file} does not match its checksum: the backup is damaged\\.`));
      expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
      // A backup made before the manifest held the archive's checksum: the archive is read whole first.
      await editManifest(dir, (m) => { delete m.database.sha256; });
      await refusedAndUnchanged(live, dir, new RegExp(`^Not restored: the database archive ${manifest.database.file} could not be read .*: the backup is damaged`));
    }, 240_000);

    it.skipIf(skipDatabase(db))(`${db}: a good backup, new or older, replaces the site and leaves nothing set aside`, async () => {
      const { live, dir } = await changedSinceBackup(db);
      const lines: string[] = [];
      const { left } = await leftInTmp(() => restoreSite(live, dir, { force: true, log: (line) => lines.push(line) }));
      expect(left).toEqual([]);
      expect(await titles(live)).toEqual([BEFORE]);
      expect(Object.keys(await mediaFiles(live)).sort()).toEqual(['media/tg/akhbar/1/0-image.jpg', 'originals/tg/akhbar/1/0-image.jpg']);
      expect(lines).toContain(`database (${db}) restored`);
      expect(setAside(live)).toEqual([]);
      // Changed again, then an older backup (no checksum for its archive) restores it the same.
      const database = await openAppDatabase(live);
      await createArticle(database, { title: AFTER });
      await database.close();
      await editManifest(dir, (m) => { delete m.database.sha256; });
      await restoreSite(live, dir, { force: true });
      expect(await titles(live)).toEqual([BEFORE]);
    }, 240_000);
  }

  for (const db of ['pglite', 'postgres'] as const) {
    it.skipIf(skipDatabase(db))(`${db}: media that cannot be written puts the site's own database back`, async () => {
      const { live, dir } = await changedSinceBackup(db);
      const [rows, files] = [await tables(live), await mediaFiles(live)];
      const folder = path.join(live.dataDir, 'originals', 'tg', 'akhbar', '1');
      await makeReadOnly(folder);
      const { result: error, left } = await leftInTmp(() => restoreSite(live, dir, { force: true }).catch((e: unknown) => e).finally(() => makeWritable(folder)));
      expect(await titles(live)).toEqual([AFTER, BEFORE].sort());
      expect(await tables(live)).toEqual(rows);
      expect((error as Error).message).toMatch(/^Not restored: writing the media failed: .*\. The database was put back as it was;/);
      // The puts that went through were the backup's own files, the same bytes; nothing the site had was deleted.
      expect(await mediaFiles(live)).toEqual(files);
      expect(setAside(live)).toEqual([]);
      expect(left).toEqual([]);
    }, 180_000);
  }
});
