// A filled site backed up and restored into an empty one: every table (every schema the site
// uses) and every media file the same, on PGlite and PostgreSQL (TEST_DATABASE_URL), with media
// on disk and in an S3 bucket; a restore over a site that is not empty needs --force.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAppDatabase, prepareSite } from '../../bootstrap.ts';
import type { Config } from '../../config.ts';
import { createStorages } from '../../integrations/storage/index.ts';
import { createArticle } from '../../../testing/factories.ts';
import { cleanUp, mediaFiles, PG_CLIENT, POSTGRES, site, skipDatabase, tables, tempDir } from '../../../testing/backup-sites.ts';
import { keptSessionSecret } from '../../session-secret.ts';
import { keptVapidKeys } from '../push/vapid-keys.ts';
import { BackupRefused, backupSite, MANIFEST, restoreSite } from './backup.ts';

afterAll(cleanUp);

async function fill(config: Config) {
  const database = await openAppDatabase(config);
  try {
    await prepareSite(database, { ...config, adminUsername: 'owner', adminPassword: 'owner-password-1' }, { info: () => undefined, warn: () => undefined });
    for (let i = 0; i < 3; i++) await createArticle(database, { title: `خبر پشتیبان ${i}` });
  } finally {
    await database.close();
  }
  // Made once on a first start, as the site does: sealed data and readers' push subscriptions need them back.
  keptSessionSecret(config.dataDir);
  keptVapidKeys(config.dataDir);
  const storages = createStorages({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl, s3: config.s3 });
  await storages.media.put('tg/akhbar/1/0-image.jpg', randomBytes(20_000), 'image/jpeg');
  await storages.media.put('uploads/2026/11/clip.mp4', randomBytes(70_000), 'video/mp4');
  await storages.originals.put('tg/akhbar/1/0-image.jpg', randomBytes(30_000), 'image/jpeg');
}

const cases = [
  { db: 'pglite', media: 'local' },
  { db: 'pglite', media: 's3' },
  { db: 'postgres', media: 'local' },
  { db: 'postgres', media: 's3' },
] as const;

describe('backup and restore', () => {
  for (const { db, media } of cases) {
    it.skipIf(skipDatabase(db))(`${db} with ${media} media: a restored site has every row and every file`, async () => {
      const source = await site(db, media);
      await fill(source);
      const [rowsBefore, filesBefore] = [await tables(source), await mediaFiles(source)];
      expect(rowsBefore['public.articles']).toHaveLength(3);
      expect(Object.keys(filesBefore)).toHaveLength(3);

      const dir = path.join(await tempDir('backup'), 'site');
      const manifest = await backupSite(source, dir);
      expect(manifest.database.kind).toBe(db);
      // Password hashes, subscribers' addresses and the session secret: the owner's only.
      const mode = (file: string) => (statSync(path.join(dir, file)).mode & 0o777).toString(8);
      expect([mode('.'), mode(manifest.database.file), mode(MANIFEST), mode('session-secret'), mode('vapid-keys.json')]).toEqual(['700', '600', '600', '600', '600']);
      expect(manifest.media.files.map((f) => `${f.store}/${f.key}`).sort()).toEqual(Object.keys(filesBefore).sort());
      // A backup never lands on top of another.
      await expect(backupSite(source, dir)).rejects.toThrow(/not empty/);

      const target = await site(db, media);
      await restoreSite(target, dir);
      expect(await tables(target)).toEqual(rowsBefore);
      expect(await mediaFiles(target)).toEqual(filesBefore);
      expect(manifest.keptFiles).toEqual(['session-secret', 'vapid-keys.json']);
      expect(keptSessionSecret(target.dataDir)).toBe(keptSessionSecret(source.dataDir));
      expect(keptVapidKeys(target.dataDir)).toEqual(keptVapidKeys(source.dataDir));

      if (media === 's3') return;
      // The restored site is not empty now: another restore is refused, then --force replaces what changed.
      const error = await restoreSite(target, dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupRefused);
      expect((error as Error).message).toMatch(/^Not restored: the database is not empty .* and the media storage holds 3 files\. .*--force/);
      const storages = createStorages({ dataDir: target.dataDir, mediaBaseUrl: target.mediaBaseUrl, s3: target.s3 });
      await storages.media.put('tg/extra/9/0-image.jpg', randomBytes(100), 'image/jpeg');
      const changed = await openAppDatabase(target);
      await changed.raw.query("update articles set title = 'تغییر پس از پشتیبان'");
      await changed.close();
      await restoreSite(target, dir, { force: true });
      expect(await tables(target)).toEqual(rowsBefore);
      expect(await mediaFiles(target)).toEqual(filesBefore);
    // An embedded database made on disk, archived, loaded and reopened several times: seconds each on a busy machine.
    }, 120_000);
  }

  it('refuses a backup of another kind of database, and a damaged file, before changing anything', async () => {
    const source = await site('pglite', 'local');
    const database = await openAppDatabase(source);
    // While a process has the embedded database open, neither a backup nor a restore touches it.
    await expect(backupSite(source, path.join(await tempDir('backup'), 'open'))).rejects.toThrow(/is open \(its postmaster\.pid is there\): stop the site first/);
    await database.close();
    await createStorages({ dataDir: source.dataDir, mediaBaseUrl: source.mediaBaseUrl }).media.put('tg/akhbar/1/0-image.jpg', randomBytes(2_000), 'image/jpeg');
    const dir = path.join(await tempDir('backup'), 'site');
    await backupSite(source, dir);
    if (POSTGRES && PG_CLIENT) {
      const other = await site('postgres', 'local');
      await expect(restoreSite(other, dir)).rejects.toThrow(/embedded \(PGlite\) database.*same kind/);
    }
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'media', 'tg', 'akhbar', '1', '0-image.jpg'), 'not the picture');
    const target = await site('pglite', 'local');
    await expect(restoreSite(target, dir)).rejects.toThrow(/media\/tg\/akhbar\/1\/0-image\.jpg in the backup does not match its checksum/);
  }, 120_000);
});
