import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';

let t: IngestTestApp;
type Row = { id: number; telegram_id: number; title: string; content: string; image_url: string | null; video_url: string | null; status: string; keywords: string; category: string; updated_at: Date };
const articles = async () => (await t.database.raw.query<Row>('select * from articles order by telegram_id')).rows;
const article = async (telegramId: number) => (await articles()).find((a) => Number(a.telegram_id) === telegramId);
const forceCheck = async () => {
  const res = await t.post('/api/admin/auto-monitor/force-check');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; message: string; result: { newPosts: number; processedPosts: number; errors: string[] } };
};

beforeAll(async () => {
  t = await buildIngestTestApp();
});
afterAll(async () => { await t?.close(); });

describe('a check of the channel', () => {
  it('turns every kind of message into the right article, once', async () => {
    const first = await forceCheck();
    // 101–116 less the album members and the service message, plus 96–100 from the page before.
    expect(first.result).toMatchObject({ newPosts: 18, processedPosts: 18, errors: [] });
    const rows = await articles();
    expect(rows.map((a) => Number(a.telegram_id))).toEqual([96, 97, 98, 99, 100, 101, 102, 103, 106, 107, 109, 110, 111, 112, 113, 115, 116]);
    expect(rows.every((a) => a.status === 'published')).toBe(true);

    const photo = (await article(102))!;
    expect(photo.title).toBe('قیمت دلار در بازار آزاد به ۱۰۲٬۳۰۰ تومان رسید');
    // The stored name carries the picture's content version (media/media-version.ts).
    expect(photo.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    expect(photo.keywords.split(',').slice(0, 2)).toEqual(['دلار', 'بازار ارز']);
    expect(photo.content).not.toMatch(/@akhbar_rooz|🆔|#دلار/);
    const photoKey = photo.image_url!.slice('/media/'.length);
    expect(existsSync(path.join(t.dataDir, 'media', photoKey))).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'originals', photoKey))).toBe(true);

    const album = (await article(103))!;
    const albumMedia = await t.database.raw.query<{ storage_key: string; watermarked: boolean }>(
      'select storage_key, watermarked from media_assets where article_id = $1 order by position', [album.id]);
    expect(albumMedia.rows.map((m) => m.storage_key)).toEqual([0, 1, 2].map((n) => expect.stringMatching(new RegExp(`^tg/akhbar_rooz/103/${n}-image\\.[0-9a-f]{8}\\.jpg$`))));
    expect(albumMedia.rows.every((m) => m.watermarked)).toBe(true);
    expect(album.content.match(/<figure><img src="\/media\/tg\/akhbar_rooz\/103\/[12]-image\.[0-9a-f]{8}\.jpg"/g)).toHaveLength(2);
    expect(await article(104)).toBeUndefined();

    const video = (await article(106))!;
    expect(video.video_url).toMatch(/^\/media\/tg\/akhbar_rooz\/106\/10-video\.[0-9a-f]{8}\.mp4$/);
    expect(video.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/106\/20-thumb\.[0-9a-f]{8}\.jpg$/);
    const tooBig = (await article(107))!;
    expect([tooBig.video_url, tooBig.image_url]).toEqual([null, expect.stringMatching(/^\/media\/tg\/akhbar_rooz\/107\/20-thumb\.[0-9a-f]{8}\.jpg$/)]);
    expect((await article(109))!.content).toMatch(/<audio controls src="\/media\/tg\/akhbar_rooz\/109\/30-audio\.[0-9a-f]{8}\.ogg">/);
    expect((await article(111))!.title).toBe('جزئیات طرح جدید وام مسکن اعلام شد'); // from the link preview card
    expect((await article(115))!.content).not.toContain('بپیوندید');
    expect((await article(116))!.category).toBe('Sports');
  });

  it('watermarks stored pictures in the bottom-right corner', async () => {
    const stored = await t.app.inject({ method: 'GET', url: (await article(102))!.image_url! });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 450]);
    const verify = await t.post('/api/admin/verify-watermark/' + (await article(102))!.id);
    expect(verify.json()).toMatchObject({ success: true, result: { successful: 1, failed: 0 } });
  });

  it('records why a post was left out', async () => {
    const res = await t.get('/api/admin/ignored-posts');
    expect(res.json()).toMatchObject({
      posts: [{ telegramId: 108, source: 'akhbar_rooz', reason: 'too_short', url: 'https://t.me/akhbar_rooz/108', shouldProcess: false, reviewedBy: null }],
      stats: { total: 1, reviewed: 0, toProcess: 0 },
    });
  });

  it('makes nothing twice when the same check runs again and again', async () => {
    const before = await articles();
    for (let i = 0; i < 2; i++) expect((await forceCheck()).result).toMatchObject({ newPosts: 0, processedPosts: 0 });
    const after = await articles();
    expect(after.map((a) => [a.id, a.updated_at.getTime()])).toEqual(before.map((a) => [a.id, a.updated_at.getTime()]));
    const media = await t.database.raw.query<{ n: number }>('select count(*)::int as n from media_assets');
    expect(media.rows[0].n).toBe(10);
  });

  it('finds posts published later on the newest page', async () => {
    t.server.publishNewer();
    expect((await forceCheck()).result).toMatchObject({ newPosts: 3, processedPosts: 3 });
    expect((await article(119))!.keywords).toContain('فضا');
  });

  it('updates the article of an edited post, in place', async () => {
    const before = (await article(102))!;
    t.server.edit(102, '۱۰۲٬۳۰۰ تومان رسید', '۱۰۴٬۸۰۰ تومان رسید');
    expect((await forceCheck()).result).toMatchObject({ newPosts: 0, processedPosts: 1 });
    const after = (await article(102))!;
    expect(after.id).toBe(before.id);
    expect(after.title).toBe('قیمت دلار در بازار آزاد به ۱۰۴٬۸۰۰ تومان رسید');
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('unpublishes the article of a post deleted from the channel', async () => {
    const gone = (await article(112))!;
    t.server.remove(112);
    await forceCheck();
    expect((await article(112))!.status).toBe('unpublished');
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${gone.id}` })).statusCode).toBe(404);
  });
});
