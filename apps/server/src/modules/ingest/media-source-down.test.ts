// Telegram's media host answering 500 while a new post is processed: the article is not published
// without its photo while the job has another try; once the host answers, it appears with it. The
// last try publishes it without the photo and says which file did not come.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramPost } from '../../integrations/telegram/index.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { ingestPost } from './ingest-post.ts';

let t: IngestTestApp;
let s: Services;
const CHANNEL = 'akhbar_rooz';

beforeAll(async () => {
  t = await buildIngestTestApp();
  s = (t.app as unknown as { ingest: Services }).ingest;
});
afterAll(async () => { await t?.close(); });

async function photoPost(messageId: number, text: string) {
  const post: TelegramPost = {
    channel: CHANNEL, messageId, date: new Date(), text, html: text, links: [], hashtags: [], videos: [], documents: [], views: 10, edited: false, mediaUnsupported: false,
    photos: [{ url: `${t.server.baseUrl}/media/dollar-market.jpg` }],
  };
  await postStore.saveFetched(s.db, CHANNEL, post);
  return { source: CHANNEL, telegramId: messageId };
}
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; image_url: string | null }>('select id, image_url from articles where telegram_id = $1', [telegramId])).rows[0];

describe('a media host that answers 500', () => {
  it('fails a new article\'s attempt while a retry is left, and the retry after the host is back has the photo', async () => {
    const ref = await photoPost(9101, 'بانک مرکزی امروز نرخ تازهٔ ارز را برای بازار اعلام کرد و معامله‌گران از ثبات قیمت‌ها در هفتهٔ آینده خبر دادند.');
    t.server.fail('/media/', true);
    await expect(ingestPost(s, ref, { useAI: false, finalAttempt: false })).rejects.toThrow(/از تلگرام دریافت نشد .*مقاله تا تلاش دوباره ساخته نمی‌شود/);
    expect(await articleOf(9101)).toBeUndefined();
    expect(await postStore.get(s.db, CHANNEL, 9101)).toMatchObject({ state: 'failed', lastError: expect.stringContaining('از تلگرام دریافت نشد') });

    t.server.fail('/media/', false);
    expect((await ingestPost(s, ref, { useAI: false, finalAttempt: false })).status).toBe('created');
    expect((await articleOf(9101))?.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/9101\/0-image\.[0-9a-f]{8}\.jpg$/);
  });

  it('publishes on the last try without the photo, and the report names the file that did not come', async () => {
    const ref = await photoPost(9102, 'شهرداری تهران از آغاز طرح تازهٔ ترافیکی در مرکز شهر از هفتهٔ آینده خبر داد و ساعت‌های اجرای آن را اعلام کرد.');
    t.server.fail('/media/', true);
    try {
      const last = await ingestPost(s, ref, { useAI: false, finalAttempt: true });
      expect(last.status).toBe('created');
      expect((await articleOf(9102))?.image_url).toBeNull();
      expect(last.report).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'error', filename: `${CHANNEL}/9102/0-image` })]));
    } finally {
      t.server.fail('/media/', false);
    }
  });
});
