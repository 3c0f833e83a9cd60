// The default Storage: files under DATA_DIR/media, served by the app at MEDIA_BASE_URL
// (plugins/media.ts). Writes go to a temporary file first and are renamed into place, so
// a reader or a crash never leaves half a file under a public URL.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, keyUnder, type Storage } from './types.ts';

export function createLocalStorage(options: { root: string; baseUrl: string }): Storage {
  const root = path.resolve(options.root);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fileOf = (key: string) => {
    const file = path.resolve(root, assertKey(key));
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`Key escapes the storage root: ${key}`);
    return file;
  };
  const url = (key: string) => `${baseUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;
  const place = async (key: string, write: (temp: string) => Promise<void>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return file;
  };

  const storage: Storage = {
    kind: 'local',
    async put(key, body) {
      await place(key, (temp) => writeFile(temp, body));
      return { key, url: url(key), bytes: body.length };
    },
    async putFile(key, source) {
      const file = await place(key, (temp) => copyFile(source, temp));
      return { key, url: url(key), bytes: (await stat(file)).size };
    },
    async get(key) {
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async stream(key, range) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      if (!range) return { body: createReadStream(file), bytes: info.size };
      return { body: createReadStream(file, range), bytes: range.end - range.start + 1 };
    },
    async size(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async exists(key) {
      return stat(fileOf(key)).then((s) => s.isFile(), () => false);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    url,
    keyFromUrl: (address) => keyUnder(baseUrl, address),
    async probe() {
      const key = `_health/${randomBytes(6).toString('hex')}.txt`;
      await storage.put(key, Buffer.from('ok'), 'text/plain');
      const back = await storage.get(key);
      await storage.delete(key);
      if (back?.toString() !== 'ok') throw new Error('read back a different file');
    },
  };
  return storage;
}
