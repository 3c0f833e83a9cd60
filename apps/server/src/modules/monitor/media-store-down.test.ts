// The media bucket down during a 'check now': the photo posts are not published, and the answer
// and the monitor's last-check card say which posts failed and why (the store, by its bucket's
// name), never 'no errors'. Once the bucket is back the retries store them and the card is clean.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorStatus } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { startS3Server, type TestS3Server } from '../../../testing/s3-server.ts';

let s3: TestS3Server;
let t: IngestTestApp;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'down-bucket', separateProcess: true });
  t = await buildIngestTestApp({ s3: s3.options, mediaBaseUrl: '/media', storage: { timeoutMs: 1_000, maxAttempts: 2 } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const status = async () => (await t.get('/api/admin/auto-monitor/status')).json() as MonitorStatus;
/** A post's line: the post by its handle and id, then why. */
const storeDown = (id: number) => new RegExp(`^پست \u2066@akhbar_rooz/${id}\u2069: رسانهٔ پست .*ذخیره نشد.*ذخیره‌سازی رسانه در دسترس نیست: .*\u2068down-bucket\u2069`);

describe('a check now with the media bucket down', () => {
  it('names every failed post and the store in the answer and in the last check, and stores them once the bucket is back', async () => {
    await s3.stop();
    let started = false;
    try {
      const res = await t.post('/api/admin/auto-monitor/force-check');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { success: boolean; message: string; result: { newPosts: number; processedPosts: number; errors: string[] } };
      expect(body.success).toBe(false);
      expect(body.result).toMatchObject({ newPosts: 18, processedPosts: 18 });
      // Seven photo, video and audio posts failed: five named, the rest counted.
      expect(body.result.errors).toHaveLength(6);
      for (const line of body.result.errors.slice(0, 5)) expect(line).toMatch(/^پست \u2066@akhbar_rooz\/\d+\u2069: رسانهٔ پست .*ذخیره‌سازی رسانه در دسترس نیست/);
      expect(body.result.errors[0]).toMatch(storeDown(97));
      expect(body.result.errors[5]).toBe('و ۲ پست ناموفق دیگر (همه در گزارش عملیات)');
      expect(body.message).toMatch(/^بررسی با خطا انجام شد: پست .*\u2068down-bucket\u2069.*۷ پست ناموفق$/);

      const card = (await status()).lastResults;
      expect(card).toMatchObject({ newPosts: 18, processedPosts: 18, success: false, errors: body.result.errors });
      const { rows } = await t.database.raw.query<{ telegram_id: number }>('select telegram_id from articles where telegram_id in (97, 102, 103)');
      expect(rows).toEqual([]);

      await s3.start();
      started = true;
      // The queue's retries store the media: the posts become articles with it, and the card is clean.
      // (A post between two attempts is in no failed state: the card alone may be clean before they end.)
      const photo = async () => (await t.database.raw.query<{ image_url: string | null }>('select image_url from articles where telegram_id = 102')).rows[0]?.image_url;
      const deadline = Date.now() + 30_000;
      while (((await status()).lastResults.errors.length || !(await photo())) && Date.now() < deadline) await sleep(200);
      expect((await status()).lastResults).toMatchObject({ success: true, errors: [] });
      expect(await photo()).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    } finally {
      if (!started) await s3.start();
    }
  }, 90_000);
});
