import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../testing/s3-server.ts';
import { createLocalStorage, createMemoryStorage, createS3Storages, type Storage } from './index.ts';

let root: string;
let s3: TestS3Server;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'chapar-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3.close();
});

describe.each([
  ['local', () => createLocalStorage({ root, baseUrl: '/media/' })],
  ['memory', () => createMemoryStorage({ baseUrl: '/media' })],
  ['s3', () => createS3Storages(s3.options, '/media').media],
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
    if (kind === 's3') expect(await s3.keys('media/tg/')).toEqual([]);
  });

  it('stores a file from disk and streams it back', async () => {
    const storage = make();
    const file = path.join(root, `${kind}-upload.bin`);
    await writeFile(file, Buffer.alloc(3000, 7));
    const stored = await storage.putFile('uploads/v/0-file.mp4', file, 'video/mp4');
    expect(stored).toEqual({ key: 'uploads/v/0-file.mp4', url: '/media/uploads/v/0-file.mp4', bytes: 3000 });
    const read = await storage.stream('uploads/v/0-file.mp4');
    expect(read?.bytes).toBe(3000);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).equals(Buffer.alloc(3000, 7))).toBe(true);
    expect(await storage.stream('uploads/v/missing.mp4')).toBeNull();
    await storage.delete('uploads/v/0-file.mp4');
  });

  it('reports sizes and streams a byte range', async () => {
    const storage = make();
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await storage.put('uploads/r/0-file.mp4', body, 'video/mp4');
    expect(await storage.size('uploads/r/0-file.mp4')).toBe(1000);
    expect(await storage.size('uploads/r/missing.mp4')).toBeNull();
    const part = await storage.stream('uploads/r/0-file.mp4', { start: 250, end: 499 });
    expect(part?.bytes).toBe(250);
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).equals(body.subarray(250, 500))).toBe(true);
    await storage.delete('uploads/r/0-file.mp4');
  });

  it('refuses keys that could leave its root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/abs/path', 'a/../../b', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    }
    expect(storage.keyFromUrl('/media/../../etc/passwd')).toBeNull();
  });
});

describe('S3 storage', () => {
  it('keeps public media and private originals under their own prefixes, served at MEDIA_BASE_URL', async () => {
    const { media, originals } = createS3Storages(s3.options, s3.mediaBaseUrl);
    const stored = await media.put('tg/chan/9/0-image.jpg', Buffer.from('marked'), 'image/jpeg');
    await originals.put('tg/chan/9/0-image.jpg', Buffer.from('original'), 'image/jpeg');
    expect(await s3.keys()).toEqual(['media/tg/chan/9/0-image.jpg', 'originals/tg/chan/9/0-image.jpg']);
    // The public address reads the marked file; no address under it reaches an original.
    const answer = await fetch(stored.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(await answer.text()).toBe('marked');
    expect(originals.url('tg/chan/9/0-image.jpg').startsWith('http')).toBe(false);
    expect(media.keyFromUrl(`${s3.mediaBaseUrl}/../originals/tg/chan/9/0-image.jpg`)).toBeNull();
  });

  it('works the same with the bucket server in a process of its own (as the benchmarks run it)', async () => {
    const apart = await startS3Server({ bucket: 'apart', separateProcess: true });
    try {
      const storage = createS3Storages(apart.options, '/media').media;
      await storage.put('tg/chan/9/0-image.jpg', Buffer.from('apart'), 'image/jpeg');
      expect((await storage.get('tg/chan/9/0-image.jpg'))?.toString()).toBe('apart');
      expect(await apart.keys()).toEqual(['media/tg/chan/9/0-image.jpg']);
    } finally {
      await apart.close();
    }
    await expect(fetch(`${apart.endpoint}/apart`)).rejects.toThrow();
  });

  it('uploads a file larger than one part in parts, byte for byte', async () => {
    const { media } = createS3Storages(s3.options, s3.mediaBaseUrl);
    const file = path.join(root, 'large.bin');
    const body = Buffer.alloc(19 * 1024 * 1024);
    for (let i = 0; i < body.length; i += 4096) body[i] = i % 251;
    await writeFile(file, body);
    const stored = await media.putFile('uploads/large/0-file.mp4', file, 'video/mp4');
    expect(stored.bytes).toBe(body.length);
    const back = await media.get('uploads/large/0-file.mp4');
    expect(back?.equals(body)).toBe(true);
    await media.delete('uploads/large/0-file.mp4');
  });

  it('health probes the bucket for real: a missing bucket fails with its name', async () => {
    await createS3Storages(s3.options, s3.mediaBaseUrl).media.probe();
    const missing = createS3Storages({ ...s3.options, bucket: 'no-such-bucket' }, s3.mediaBaseUrl).media;
    await expect(missing.probe()).rejects.toThrow(/no-such-bucket/);
    const down = createS3Storages({ ...s3.options, endpoint: 'http://127.0.0.1:9' }, s3.mediaBaseUrl).media;
    await expect(down.probe()).rejects.toThrow(/chapar-media/);
  });
});
