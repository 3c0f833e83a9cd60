// Syncing a published post again while part of what it links to is down: a picture the media
// CDN does not give this time, or the Telegraph page holding its long text. What could not be
// read is not what the post lost: the article keeps its picture and its full text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationResponse } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { MEDIA_KEPT, TELEGRAPH_UNREAD } from './ingest-post.ts';

let t: IngestTestApp;
const articleOf = async (telegramId: number) =>
  (await t.database.raw.query<{ id: number; title: string; image_url: string | null; content: string; status: string }>(
    'select id, title, image_url, content, status from articles where telegram_id = $1', [telegramId])).rows[0];
const sync = async (telegramId: number) =>
  (await t.post('/api/admin/sync-telegram-post', { url: `https://t.me/akhbar_rooz/${telegramId}` })).json() as OperationResponse;

beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

describe('syncing a post again while its media or Telegraph page is down', () => {
  it('keeps the picture the CDN does not give this time, file and all', async () => {
    expect((await sync(102)).success).toBe(true);
    const before = await articleOf(102);
    expect(before.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\b/);
    const key = before.image_url!.slice('/media/'.length);

    t.server.fail('/media/', true);
    try {
      const answer = await sync(102);
      expect(answer.detailedReport.processed).toEqual(expect.arrayContaining([
        expect.objectContaining({ status: 'error', fileType: 'image', reason: 'سرور رسانه فایل را نداد (۵۰۰)' }),
        expect.objectContaining({ status: 'skipped', fileType: 'article', reason: MEDIA_KEPT(1) }),
      ]));
    } finally {
      t.server.fail('/media/', false);
    }
    const after = await articleOf(102);
    expect(after.image_url).toBe(before.image_url);
    expect(after.content).toBe(before.content);
    expect((await t.get(before.image_url!)).statusCode).toBe(200);
    const assets = await t.database.raw.query<{ article_id: number }>('select article_id from media_assets where storage_key = $1', [key]);
    expect(assets.rows).toEqual([{ article_id: before.id }]);
  });

  it('keeps the full text read from Telegraph when the page cannot be read again, and says so', async () => {
    t.server.page('/Full-Report-11-18', `<html><body><article class="tl_article_content" id="_tl_editor"><h1>گزارش کامل طرح وام مسکن</h1>
      <p>سقف وام خرید مسکن در تهران به ۱ میلیارد تومان افزایش یافت و بانک‌ها از ماه آینده ثبت‌نام می‌کنند.</p>
      <p>دورهٔ بازپرداخت این وام‌ها بیست سال است و نرخ سود آن تغییری نکرده است.</p></article></body></html>`);
    t.server.edit(111, 'https://www.example-news.ir/economy/12345', `${t.server.baseUrl}/Full-Report-11-18`);
    expect((await sync(111)).success).toBe(true);
    const full = await articleOf(111);
    expect(full.content).toContain('دورهٔ بازپرداخت این وام‌ها بیست سال است');

    t.server.fail('/Full-Report-11-18', true);
    try {
      const answer = await sync(111);
      expect(answer).toMatchObject({ success: false, status: 'error', result: { failed: 1, updated: 0 } });
      expect(answer.detailedReport.processed).toEqual([expect.objectContaining({ status: 'error', fileType: 'post', reason: TELEGRAPH_UNREAD.kept })]);
    } finally {
      t.server.fail('/Full-Report-11-18', false);
    }
    expect(await articleOf(111)).toEqual(full);
  });
});
