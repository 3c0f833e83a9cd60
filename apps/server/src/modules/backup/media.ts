// The media part of a backup: every object of both storages (public media and originals), as
// files under the backup directory, each with its size and SHA-256 in the manifest.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaStorages, Storage } from '../../integrations/storage/index.ts';
import { contentTypeOf } from '../media/move-to-s3.ts';

export type StoreName = 'media' | 'originals';
export const STORES: StoreName[] = ['media', 'originals'];

export interface BackedUpFile {
  store: StoreName;
  key: string;
  bytes: number;
  sha256: string;
  contentType: string;
}

export const fileInBackup = (dir: string, store: StoreName, key: string) => path.join(dir, store, ...key.split('/'));

function keysOf(storage: Storage): Promise<string[]> {
  if (!storage.list) throw new Error(`the ${storage.kind} storage cannot list its objects`);
  return storage.list();
}

/** Every object's key in both storages (none: no media). */
export async function mediaContents(storages: MediaStorages): Promise<Array<{ store: StoreName; key: string }>> {
  const found: Array<{ store: StoreName; key: string }> = [];
  for (const store of STORES) for (const key of await keysOf(storages[store])) found.push({ store, key });
  return found;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Copies every object into `dir`/{media,originals}/…; streamed, so a large video is never held whole. */
export async function backupMedia(storages: MediaStorages, dir: string, log: (line: string) => void): Promise<BackedUpFile[]> {
  const files: BackedUpFile[] = [];
  for (const store of STORES) {
    const keys = await keysOf(storages[store]);
    for (const [i, key] of keys.entries()) {
      const object = await storages[store].stream(key);
      if (!object) continue; // deleted since it was listed
      const file = fileInBackup(dir, store, key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(object.body, createWriteStream(file));
      files.push({ store, key, bytes: object.bytes, sha256: await sha256Of(file), contentType: object.contentType ?? contentTypeOf(key) });
      if ((i + 1) % 200 === 0) log(`${store}: ${i + 1} / ${keys.length}`);
    }
    log(`${store}: ${keys.length} file${keys.length === 1 ? '' : 's'}`);
  }
  return files;
}

/** Every file of the backup against the manifest: read whole, before the site is touched. */
export async function checkMedia(dir: string, files: BackedUpFile[]): Promise<void> {
  for (const f of files) {
    const sha256 = await sha256Of(fileInBackup(dir, f.store, f.key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new Error(`${f.store}/${f.key} is missing from the backup: the backup is incomplete`);
      throw error;
    });
    if (sha256 !== f.sha256) throw new Error(`${f.store}/${f.key} in the backup does not match its checksum: the backup is damaged`);
  }
}

/** Writes every file of the backup into its storage (checked first with checkMedia). */
export async function putMedia(storages: MediaStorages, dir: string, files: BackedUpFile[], log: (line: string) => void): Promise<void> {
  for (const store of STORES) {
    const wanted = files.filter((f) => f.store === store);
    for (const f of wanted) await storages[store].putFile(f.key, fileInBackup(dir, store, f.key), f.contentType);
    log(`${store}: ${wanted.length} file${wanted.length === 1 ? '' : 's'} restored`);
  }
}

/**
 * Deletes the objects the backup does not have, so the storages hold exactly the backup (restore
 * --force). Run last: a restore that fails before it has deleted nothing the site had.
 */
export async function removeMediaNotIn(storages: MediaStorages, files: BackedUpFile[]): Promise<void> {
  for (const store of STORES) {
    const keep = new Set(files.filter((f) => f.store === store).map((f) => f.key));
    for (const key of await keysOf(storages[store])) if (!keep.has(key)) await storages[store].delete(key);
  }
}
