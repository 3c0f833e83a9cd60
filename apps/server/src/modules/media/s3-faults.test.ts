// The bucket frozen (SIGSTOP: connections accepted, never answered) and stopped (refused), with
// the app serving /media from it (issue 32, item 2): every request answers within its deadline,
// /media and uploads with a Persian 503 (never a 404 or a hang), the health page shows the store
// down within its own deadline, a post is not published without its photo and is retried, and
// nothing stored is lost once the bucket is back.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { fileForm } from '../../../testing/multipart.ts';
import { startS3Server, type TestS3Server } from '../../../testing/s3-server.ts';
import { MEDIA_UNAVAILABLE } from '../../plugins/media.ts';

const STORAGE_TIMEOUT_MS = 1_000;
const HEALTH_TIMEOUT_MS = 1_500;

let s3: TestS3Server;
let t: IngestTestApp;
let png: Buffer;
/** An upload made while the bucket worked. */
let stored: { url: string; bytes: Buffer };

interface Health { services: Array<{ id: string; status: string; error: string | null; responseTime: number | null }> }

/** The response and how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started };
}
const upload = () => {
  const form = fileForm('photo.png', png);
  return t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...t.headers, 'content-type': form.contentType }, payload: form.payload });
};
const storageHealth = async (refresh: boolean) => {
  const { res, ms } = await timed(() => t.get(`/api/admin/system/health${refresh ? '?refresh=true' : ''}`));
  expect(res.statusCode).toBe(200);
  return { storage: (res.json() as Health).services.find((s) => s.id === 'storage')!, ms };
};
const article = async (telegramId: number) =>
  (await t.database.raw.query<{ status: string; image_url: string | null }>('select status, image_url from articles where telegram_id = $1', [telegramId])).rows[0];

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'faults', separateProcess: true });
  t = await buildIngestTestApp({
    s3: s3.options, mediaBaseUrl: '/media', storage: { timeoutMs: STORAGE_TIMEOUT_MS, maxAttempts: 2 }, healthCheckTimeoutMs: HEALTH_TIMEOUT_MS,
  });
  png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#225588' } }).png().toBuffer();
  const res = await upload();
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  stored = { url, bytes: (await t.app.inject({ method: 'GET', url })).rawPayload };
  expect(stored.bytes.length).toBeGreaterThan(0);
});
afterAll(async () => {
  s3?.thaw();
  await t?.close();
  await s3?.close();
});

describe('a frozen bucket', () => {
  it('/media answers 503 in Persian within the deadline, whole or by range, and is never cached', async () => {
    s3.freeze();
    try {
      for (const headers of [{}, { range: 'bytes=0-99' }]) {
        const { res, ms } = await timed(() => t.app.inject({ method: 'GET', url: stored.url, headers }));
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(MEDIA_UNAVAILABLE);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(ms).toBeLessThan(STORAGE_TIMEOUT_MS + 1_000);
      }
    } finally {
      s3.thaw();
    }
  });

  it('an upload answers 503 in Persian within the deadline', async () => {
    s3.freeze();
    try {
      const { res, ms } = await timed(upload);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'unavailable', message: ADMIN_ARTICLE_MESSAGES.uploadStorageUnavailable });
      expect(ms).toBeLessThan(STORAGE_TIMEOUT_MS + 1_500);
    } finally {
      s3.thaw();
    }
  });

  it('the health page shows the store down within its own deadline, poll after poll, and healthy once it is back', async () => {
    s3.freeze();
    try {
      for (const refresh of [true, false, true]) {
        const { storage, ms } = await storageHealth(refresh);
        // The store's own deadline (1 s) comes before the check's (1.5 s): its reason is shown.
        expect(storage).toMatchObject({ status: 'down', error: 'ذخیره‌سازی رسانه در دسترس نیست: سطل \u2068faults\u2069 در ۱ ثانیه پاسخ نداد' });
        expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
      }
    } finally {
      s3.thaw();
    }
    // Back means answering again: the resumed process first works through what it accepted while frozen.
    await s3.keys('media/');
    expect((await storageHealth(true)).storage).toMatchObject({ status: 'healthy', error: null });
  });

  it('a photo post fails (counted, in Persian) rather than appear without its photo, and is stored once the bucket answers', async () => {
    s3.freeze();
    let thawed = false;
    try {
      const { res, ms } = await timed(() => t.post('/api/admin/process-post', { postId: 102 }));
      expect(res.statusCode).toBe(200);
      expect(ms).toBeLessThan(STORAGE_TIMEOUT_MS * 4 + 2_000);
      const body = res.json() as { success: boolean; message: string; result: { created: number; failed: number } };
      expect(body).toMatchObject({ success: false, result: { created: 0, failed: 1 } });
      expect(body.message).toContain('۱ پست ناموفق بود');
      expect(await article(102)).toBeUndefined();
      s3.thaw();
      thawed = true;
      // The queue's retry stores it: the photo in the bucket, the article with it.
      const deadline = Date.now() + 20_000;
      while (!(await article(102)) && Date.now() < deadline) await sleep(100);
      expect(await article(102)).toMatchObject({ status: 'published', image_url: expect.stringMatching(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/) });
      expect(await s3.keys('media/tg/akhbar_rooz/102/')).toContain(`media/${(await article(102))!.image_url!.slice('/media/'.length)}`);
    } finally {
      if (!thawed) s3.thaw();
    }
  });
});

describe('a stopped bucket', () => {
  it('answers 503 at once for /media and uploads, shows the store down, and has lost nothing when it starts again', async () => {
    await s3.stop();
    try {
      const media = await timed(() => t.app.inject({ method: 'GET', url: stored.url }));
      expect(media.res.statusCode).toBe(503);
      expect(media.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
      const up = await timed(upload);
      expect(up.res.statusCode).toBe(503);
      expect(up.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
      const { storage } = await storageHealth(true);
      expect(storage.status).toBe('down');
      expect(storage.error).toContain('ECONNREFUSED');
    } finally {
      await s3.start();
    }
    const back = await t.app.inject({ method: 'GET', url: stored.url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(stored.bytes)).toBe(true);
    // A key the bucket truly lacks is still a 404.
    expect((await t.app.inject({ method: 'GET', url: '/media/uploads/none/0-file.jpg' })).statusCode).toBe(404);
  });
});
