// The media folders made read-only while posts are processed (issue 32, item 1): a photo post
// is not published without its photo, the run counts it as failed in Persian, the queue tries
// it again, and once the disk takes writes the article appears with its photo. An upload in the
// same state answers a clear 503.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { fileForm } from '../../../testing/multipart.ts';
import { makeReadOnly, makeWritable } from '../../../testing/read-only-dir.ts';

let t: IngestTestApp;
let folders: string[] = [];
const article = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; status: string; image_url: string | null; content: string }>(
    'select id, status, image_url, content from articles where telegram_id = $1', [telegramId])).rows[0];
const post = async (telegramId: number) =>
  (await t.database.raw.query<{ state: string; last_error: string | null }>('select state, last_error from telegram_posts where telegram_id = $1', [telegramId])).rows[0];
const retryJob = async (telegramId: number) =>
  (await t.database.raw.query<{ state: string; retry_count: number }>(
    "select state::text as state, retry_count from pgboss.job where name = 'ingest-post' and data->>'telegramId' = $1 order by created_on desc limit 1", [String(telegramId)])).rows[0];

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  t = await buildIngestTestApp({ storage: { timeoutMs: 2_000, maxAttempts: 2 } });
  folders = ['media', 'originals'].map((name) => path.join(t.dataDir, name));
  for (const folder of folders) {
    await mkdir(folder, { recursive: true });
    await makeReadOnly(folder);
  }
});
afterAll(async () => {
  for (const folder of folders) await makeWritable(folder).catch(() => undefined);
  await t?.close();
});

describe('a read-only media disk', () => {
  it('process-posts-range: photo posts fail and are counted, in Persian; the text post is made; nothing is published without its photo', async () => {
    const res = await t.post('/api/admin/process-posts-range', { startId: 101, endId: 103 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      success: boolean; status: string; message: string;
      result: { created: number; failed: number };
      detailedReport: { processed: Array<{ status: string; filename: string | null; reason: string }> };
    };
    expect(body).toMatchObject({ success: false, status: 'error', result: { created: 1, failed: 2 } });
    expect(body.message).toBe('۱ مقاله ساخته شد، ۰ به‌روز شد، ۰ نادیده گرفته شد؛ ۲ پست ناموفق بود');
    for (const id of [102, 103]) {
      const item = body.detailedReport.processed.find((r) => r.filename === `akhbar_rooz/${id}`);
      expect(item?.status).toBe('error');
      expect(item?.reason).toMatch(/^رسانهٔ پست \(.+\) ذخیره نشد؛ مقاله تا ذخیرهٔ آن ساخته یا به‌روز نمی‌شود\. ذخیره‌سازی رسانه در دسترس نیست: (دیسک رسانه فقط‌خواندنی است|اجازهٔ نوشتن در پوشهٔ رسانه نیست) .+ پست در صف تلاش دوباره است\.$/);
      expect(await article(id)).toBeUndefined();
      expect(await post(id)).toMatchObject({ state: 'failed', last_error: expect.stringContaining('ذخیره‌سازی رسانه در دسترس نیست') });
    }
    expect((await article(101))?.status).toBe('published');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json() as Array<{ id: number }>;
    expect(listed).toHaveLength(1);
  });

  it('an upload answers 503 with a Persian message, storing nothing', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const form = fileForm('photo.png', png);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...t.headers, 'content-type': form.contentType }, payload: form.payload });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'unavailable', message: ADMIN_ARTICLE_MESSAGES.uploadStorageUnavailable });
    expect(res.headers['retry-after']).toBe('60');
    expect((await t.database.raw.query("select id from media_assets where storage_key like 'uploads/%'")).rows).toHaveLength(0);
  });

  it('the queue tries the failed posts again, and once the disk takes writes they appear with their photos', async () => {
    // The retry job has run while the disk was still read-only, and failed: the queue holds it for another try.
    await until('a failed attempt of the retry job', async () => ((await retryJob(102))?.retry_count ?? 0) >= 1);
    expect(await article(102)).toBeUndefined();
    for (const folder of folders) await makeWritable(folder);

    const photo = await until('the article of post 102', async () => article(102));
    expect(photo.status).toBe('published');
    expect(photo.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    const photoKey = photo.image_url!.slice('/media/'.length);
    expect(existsSync(path.join(t.dataDir, 'media', photoKey))).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'originals', photoKey))).toBe(true);
    const album = await until('the album article of post 103', async () => article(103));
    expect(album.content).toMatch(/\/media\/tg\/akhbar_rooz\/103\/2-image\.[0-9a-f]{8}\.jpg/);
    // The post is marked after its article is written, so the article can be seen a moment first.
    const retried = await until('post 102 marked published', async () => { const row = await post(102); return row?.state === 'published' && row; });
    expect(retried).toMatchObject({ state: 'published', last_error: null });
    // pg-boss marks the job done just after its handler returns, so the article can be seen first.
    await until('the retry job to complete', async () => (await retryJob(102))?.state === 'completed');
  });
});
