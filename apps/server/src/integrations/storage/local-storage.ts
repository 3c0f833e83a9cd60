// The default Storage: files under DATA_DIR/media, served by the app at MEDIA_BASE_URL
// (plugins/media.ts). Writes go to a temporary file first and are renamed into place, so
// a reader or a crash never leaves half a file under a public URL.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  const storage: Storage = {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, body);
      await rename(temp, file);
      return { key, url: url(key), bytes: body.length };
    },
    async get(key) {
      return readFile(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
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
