// Re-processing an article's pictures while the media CDN is down: the article keeps the picture it
// has, and the answer (200, success false, as for any run with failed items) and the operation's
// record (error) say the run failed, with the counts in Persian, rather than a success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
/** Post 103: an album of three pictures (book-fair-1, -2, -3 on the CDN). */
const ALBUM = 103;
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; image_url: string | null; content: string }>('select id, image_url, content from articles where telegram_id = $1', [telegramId])).rows[0];
type FixAnswer = { success: boolean; message: string; imageUrl: string | null; operationId: number; process: string[] };

/** fix-article-image on the album while CDN paths starting with `failing` answer 500. */
async function fixWhileFailing(failing: string | null) {
  const { id } = await articleOf(ALBUM);
  if (failing) t.server.fail(failing, true);
  try {
    const res = await t.post(`/api/admin/fix-article-image/${id}`);
    const answer = res.json() as FixAnswer;
    const record = (await t.get(`/api/admin/operations/${answer.operationId}`)).json() as OperationRecord;
    return { status: res.statusCode, answer, record };
  } finally {
    if (failing) t.server.fail(failing, false);
  }
}

beforeAll(async () => {
  t = await buildIngestTestApp();
  expect((await t.post('/api/admin/auto-monitor/force-check')).statusCode).toBe(200);
});
afterAll(async () => { await t?.close(); });

describe('fix-article-image while the media CDN answers 500', () => {
  it('for every file: success false, the operation an error, the same Persian counts, the picture kept', async () => {
    const before = await articleOf(ALBUM);
    expect(before.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/103\//);
    const { status, answer, record } = await fixWhileFailing('/media/');
    expect(status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ success: false, imageUrl: before.image_url, message: 'همگام‌سازی رسانه: ۰ فایل ذخیره شد، ۳ خطا' });
    expect(record.status).toBe('error');
    expect(record.errors.some((line) => line.endsWith(' همگام‌سازی رسانه: ۰ فایل ذخیره شد، ۳ خطا'))).toBe(true);
    expect(record.results).toMatchObject({ failed: 1 });
    expect(await articleOf(ALBUM)).toMatchObject({ image_url: before.image_url });
  });

  it('for some files: the counts said, no plain success, the operation an error', async () => {
    const { status, answer, record } = await fixWhileFailing('/media/book-fair-2');
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: false, message: 'همگام‌سازی رسانه: ۲ فایل ذخیره شد، ۱ خطا' });
    expect(answer.message).not.toMatch(/[0-9]/);
    expect(record.status).toBe('error');
    expect(record.results).toMatchObject({ failed: 1 });
  });

  it('a run that stored every file is still a plain success', async () => {
    const { status, answer, record } = await fixWhileFailing(null);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ success: true, message: 'همگام‌سازی رسانه: ۳ فایل ذخیره شد' });
    expect(record.status).toBe('success');
  });
});
