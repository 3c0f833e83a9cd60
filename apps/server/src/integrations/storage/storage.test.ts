import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createMemoryStorage, type Storage } from './index.ts';

let root: string;
beforeAll(async () => { root = await mkdtemp(path.join(os.tmpdir(), 'chapar-storage-')); });
afterAll(async () => { await rm(root, { recursive: true, force: true }); });

describe.each([
  ['local', () => createLocalStorage({ root, baseUrl: '/media/' })],
  ['memory', () => createMemoryStorage({ baseUrl: '/media' })],
])('%s storage', (kind, make: () => Storage) => {
  it('puts, reads, replaces and deletes by key, with URLs under the base', async () => {
    const storage = make();
    const stored = await storage.put('tg/chan/1/0-image.jpg', Buffer.from('one'), 'image/jpeg');
    expect(stored).toEqual({ key: 'tg/chan/1/0-image.jpg', url: '/media/tg/chan/1/0-image.jpg', bytes: 3 });
    await storage.put('tg/chan/1/0-image.jpg', Buffer.from('two'), 'image/jpeg');
    expect((await storage.get('tg/chan/1/0-image.jpg'))?.toString()).toBe('two');
    expect(await storage.exists('tg/chan/1/0-image.jpg')).toBe(true);
    expect(storage.keyFromUrl('/media/tg/chan/1/0-image.jpg')).toBe('tg/chan/1/0-image.jpg');
    expect(storage.keyFromUrl('https://elsewhere.example/media/x.jpg')).toBeNull();
    await storage.delete('tg/chan/1/0-image.jpg');
    expect(await storage.get('tg/chan/1/0-image.jpg')).toBeNull();
    await storage.probe();
    if (kind === 'local') expect(await readFile(path.join(root, 'tg/chan/1/0-image.jpg')).catch(() => null)).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/abs/path', 'a/../../b', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    }
    expect(storage.keyFromUrl('/media/../../etc/passwd')).toBeNull();
  });
});
