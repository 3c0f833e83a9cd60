// «اصلاح نشانی ویدیوها» never takes a video file the store does not find for gone: a store that
// does not answer refuses the run and changes nothing, and a file the post cannot give again (a
// video Telegram withholds as too big) leaves the address for an editor, saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationResponse } from '@chapar/shared/contracts';
import { StorageUnavailableError } from '../../integrations/storage/index.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

const MISSING = 'فایل ویدیو در فضای ذخیره‌سازی پیدا نشد و پست تلگرام آن را دوباره نمی‌دهد؛ نشانی سر جایش ماند. ویراستار ویدیو را دوباره بارگذاری یا نشانی را حذف کند';

let t: IngestTestApp;
let id: number;
let missingUrl: string;

type Answer = OperationResponse & { result: { successful: number; failed: number; items: Array<{ articleId: number; status: string; message: string }> } };

const videoUrl = async () => (await t.database.raw.query<{ video_url: string | null; updated_at: Date }>(
  'select video_url, updated_at from articles where id = $1', [id])).rows[0];

beforeAll(async () => {
  t = await buildIngestTestApp();
  // Post 107's video is withheld by Telegram as too big: it can never be downloaded again.
  const res = await t.post('/api/admin/process-post', { postId: 107 });
  expect(res.statusCode, res.body).toBe(200);
  id = (res.json() as { articleId: number }).articleId;
  // The article points at a file of ours that the store does not have (gone, or a volume not mounted).
  missingUrl = t.app.ingest.storage.url('tg/akhbar_rooz/107/10-video.mp4');
  await t.database.raw.query('update articles set video_url = $1 where id = $2', [missingUrl, id]);
});
afterAll(async () => { await t?.close(); });

describe('fix-video-url', () => {
  it('refuses the run, changing nothing, when the store does not answer', async () => {
    const storage = t.app.ingest.storage;
    const probe = storage.probe;
    storage.probe = () => Promise.reject(new StorageUnavailableError('باکت پاسخ نداد'));
    try {
      const before = await videoUrl();
      const res = await t.confirmed(`/api/admin/fix-video-url/${id}`);
      expect(res.statusCode, res.body).toBe(503);
      const { message } = res.json() as { message: string };
      expect(message).toMatch(/^آزمون فضای ذخیره‌سازی رسانه ناموفق بود \(.*باکت پاسخ نداد\)؛ نشانی ویدیوها بررسی نشد و چیزی تغییر نکرد/);
      expect(await videoUrl()).toEqual(before);
    } finally {
      storage.probe = probe;
    }
  });

  it('leaves the address of a file the post cannot give again, and says an editor is needed', async () => {
    const before = await videoUrl();
    const res = await t.confirmed(`/api/admin/fix-video-url/${id}`);
    const body = res.json() as Answer;
    expect(body.success).toBe(false);
    expect(body.result).toMatchObject({ successful: 0, failed: 1 });
    expect(body.result.items).toEqual([expect.objectContaining({ articleId: id, status: 'error', message: MISSING })]);
    expect(await videoUrl()).toEqual(before);
    expect(before.video_url).toBe(missingUrl);
  });
});
