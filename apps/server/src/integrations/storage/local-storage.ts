// The default Storage: files under DATA_DIR/media, served by the app at MEDIA_BASE_URL
// (plugins/media.ts). Writes go to a temporary file first and are renamed into place, so
// a reader or a crash never leaves half a file under a public URL. A disk that fails (read-only,
// full) or hangs past the deadline is a StorageUnavailableError; only a missing file is null.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withDeadline } from '../deadline.ts';
import { diskFailure } from './failure.ts';
import { assertKey, DEFAULT_STORAGE_LIMITS, keyUnder, type Storage } from './types.ts';

/** The file (or a directory on its way) is not there: the object is missing, the disk is fine. */
const isAbsent = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Every file under a directory, as storage keys (forward slashes); temporary and health files left out. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isAbsent(error)) return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.endsWith('.tmp') && !key.startsWith('_health/'))
    .sort();
}

export function createLocalStorage(options: { root: string; baseUrl: string; timeoutMs?: number }): Storage {
  const root = path.resolve(options.root);
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORAGE_LIMITS.timeoutMs;
  /** One call to the disk, bounded by the deadline, its failures said as the store's. */
  const disk = <T>(what: string, work: (signal: AbortSignal) => Promise<T>) =>
    withDeadline(timeoutMs, `disk ${what}`, work).catch((error: unknown) => { throw diskFailure(error, timeoutMs); });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fileOf = (key: string) => {
    const file = path.resolve(root, assertKey(key));
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`Key escapes the storage root: ${key}`);
    return file;
  };
  const url = (key: string) => `${baseUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;
  const place = (key: string, write: (temp: string) => Promise<void>) => {
    const file = fileOf(key);
    return disk(`write ${key}`, () => placeFile(file, write));
  };
  const placeFile = async (file: string, write: (temp: string) => Promise<void>): Promise<void> => {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  const storage: Storage = {
    kind: 'local',
    list: () => disk('list', () => filesUnder(root)),
    async put(key, body) {
      await place(key, (temp) => writeFile(temp, body));
      return { key, url: url(key), bytes: body.length };
    },
    async putFile(key, source) {
      await place(key, (temp) => copyFile(source, temp));
      return { key, url: url(key), bytes: (await fileInfo(key))?.size ?? 0 };
    },
    async get(key) {
      const file = fileOf(key);
      return disk(`read ${key}`, (signal) => readFile(file, { signal }).catch((error: unknown) => {
        if (isAbsent(error)) return null;
        throw error;
      }));
    },
    async stream(key, range) {
      const info = await fileInfo(key);
      if (!info?.isFile()) return null;
      const file = fileOf(key);
      if (!range) return { body: createReadStream(file), bytes: info.size };
      return { body: createReadStream(file, range), bytes: range.end - range.start + 1 };
    },
    async size(key) {
      const info = await fileInfo(key);
      return info?.isFile() ? info.size : null;
    },
    async exists(key) {
      return (await fileInfo(key))?.isFile() ?? false;
    },
    async delete(key) {
      const file = fileOf(key);
      await disk(`delete ${key}`, () => rm(file, { force: true }));
    },
    url,
    keyFromUrl: (address) => keyUnder(baseUrl, address),
    async probe() {
      const key = `_health/${randomBytes(6).toString('hex')}.txt`;
      await storage.put(key, Buffer.from('ok'), 'text/plain');
      const back = await storage.get(key);
      await storage.delete(key);
      if (back?.toString() !== 'ok') throw new Error('فایل آزمایشی همان که نوشته شد خوانده نشد');
    },
  };
  /** The file's details; null when it is not there (a disk that fails to answer throws). */
  const fileInfo = (key: string) => {
    const file = fileOf(key);
    return disk(`stat ${key}`, () => stat(file).catch((error: unknown) => {
      if (isAbsent(error)) return null;
      throw error;
    }));
  };
  return storage;
}
