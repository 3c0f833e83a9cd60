import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage, StorageUnavailableError, type Storage } from '../integrations/storage/index.ts';
import { registerMedia } from './media.ts';

// The app in front of a bucket (MEDIA_BASE_URL=/media with S3): what it asks the bucket for.
describe('/media served from a bucket', () => {
  const app = Fastify();
  const memory = createMemoryStorage({ baseUrl: '/media' });
  const calls = { size: 0, stream: 0 };
  const bucket: Storage = {
    ...memory,
    kind: 's3',
    size: (key) => { calls.size++; return memory.size(key); },
    stream: (key, range) => { calls.stream++; return memory.stream(key, range); },
  };
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  beforeAll(async () => {
    await registerMedia(app, { dataDir: 'memory://media-proxy', storage: bucket, mediaBaseUrl: '/media' });
    await memory.put('uploads/v/0-file.mp4', bytes, 'video/mp4');
    const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    await memory.put('uploads/p/0-photo.jpg', jpeg, 'image/jpeg');
  });
  afterAll(() => app.close());

  const reset = () => { calls.size = 0; calls.stream = 0; };

  it('reads a whole file with one request to the bucket, its size from that answer', async () => {
    reset();
    const res = await app.inject({ method: 'GET', url: '/media/uploads/v/0-file.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(calls).toEqual({ size: 0, stream: 1 });
  });

  it('asks for the size only to resolve a range', async () => {
    reset();
    const res = await app.inject({ method: 'GET', url: '/media/uploads/v/0-file.mp4', headers: { range: 'bytes=-100' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 900-999/1000');
    expect(res.rawPayload.equals(bytes.subarray(900))).toBe(true);
    expect(calls).toEqual({ size: 1, stream: 1 });
    const beyond = await app.inject({ method: 'GET', url: '/media/uploads/v/0-file.mp4', headers: { range: 'bytes=1000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('makes a missing image variant on its first request, then serves it from the bucket', async () => {
    reset();
    const res = await app.inject({ method: 'GET', url: '/media/uploads/p/0-photo.w320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    expect(await memory.exists('uploads/p/0-photo.w320.webp')).toBe(true);
    reset();
    expect((await app.inject({ method: 'GET', url: '/media/uploads/p/0-photo.w320.webp' })).statusCode).toBe(200);
    expect(calls).toEqual({ size: 0, stream: 1 });
  });

  it('makes no variant of a variant, nor one under another spelling of a width', async () => {
    await app.inject({ method: 'GET', url: '/media/uploads/p/0-photo.w480.webp' });
    const keys = async () => (await memory.list!()).sort();
    const before = await keys();
    for (const url of ['/media/uploads/p/0-photo.w480.w320.webp', '/media/uploads/p/0-photo.w0480.webp', '/media/uploads/p/0-photo.w480.w320.w640.webp']) {
      for (const headers of [{}, { range: 'bytes=0-9' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'فایل یافت نشد' });
      }
    }
    expect(await keys()).toEqual(before);
  });

  it('answers 404 in Persian for a missing file or a key it would never store, and does not let it be cached', async () => {
    for (const url of ['/media/uploads/none/0-file.jpg', '/media/uploads/none/0-file.w320.webp', '/media/..%2F..%2Fetc/passwd']) {
      for (const headers of [{}, { range: 'bytes=0-9' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: 'فایل یافت نشد' });
        expect(res.headers['cache-control'], url).toBeUndefined();
      }
    }
  });

  it('answers 503 in Persian, never 404, while the bucket fails, and lets no cache keep that answer', async () => {
    const down = Fastify();
    const failing = () => Promise.reject(new StorageUnavailableError('سطل پاسخ نداد'));
    await registerMedia(down, { dataDir: 'memory://media-proxy-down', storage: { ...bucket, size: failing, stream: failing, get: failing }, mediaBaseUrl: '/media' });
    try {
      for (const url of ['/media/uploads/v/0-file.mp4', '/media/uploads/p/0-photo.w480.webp']) {
        for (const headers of [{}, { range: 'bytes=0-9' }]) {
          const res = await down.inject({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBe(503);
          expect(res.json()).toEqual({ error: 'unavailable', message: 'فایل‌های رسانه موقتاً در دسترس نیستند؛ کمی بعد دوباره تلاش کنید' });
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.headers['retry-after']).toBe('30');
        }
      }
    } finally {
      await down.close();
    }
  });
});
