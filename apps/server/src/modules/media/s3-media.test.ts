// Media on an S3-compatible bucket, end to end against a real S3-speaking server (s3rver):
// the ingest pipeline, uploads, watermarking again from the private originals, responsive
// variants, video posters and durations, and the command that moves a site's media from disk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg } from '../../../testing/system-tools.ts';
import { IMAGE_WIDTHS, imageSrcSet } from '@chapar/shared/text';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { fileForm } from '../../../testing/multipart.ts';
import { startS3Server, type TestS3Server } from '../../../testing/s3-server.ts';
import { FIXTURE_DIR } from '../../../testing/telegram-fixture-server.ts';
import { createS3Storages, type Storage } from '../../integrations/storage/index.ts';
import { moveMediaToS3 } from './move-to-s3.ts';
import { ltr } from '@chapar/shared/text';

const fixture = (name: string) => readFileSync(path.join(FIXTURE_DIR, 'media', name));
type Row = { id: number; telegram_id: number; content: string; image_url: string | null; video_url: string | null; video_poster_url: string | null; video_duration: number | null };

let s3: TestS3Server;
beforeAll(async () => { s3 = await startS3Server(); });
afterAll(async () => { await s3?.close(); });

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function multipart(t: IngestTestApp, filename: string, body: Buffer) {
  const form = fileForm(filename, body);
  return t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...t.headers, 'content-type': form.contentType }, payload: form.payload });
}

describe('a site whose media lives in S3', () => {
  let t: IngestTestApp;
  const rows = async () => (await t.database.raw.query<Row>('select * from articles order by telegram_id')).rows;
  const article = async (telegramId: number) => (await rows()).find((a) => Number(a.telegram_id) === telegramId)!;
  /** The storage key behind one of the bucket's addresses. */
  const keyOf = (url: string) => url.slice(`${s3.mediaBaseUrl}/`.length);

  beforeAll(async () => {
    t = await buildIngestTestApp({ s3: s3.options, mediaBaseUrl: s3.mediaBaseUrl });
  });
  afterAll(async () => { await t?.close(); });

  it('ingests a channel with every file in the bucket: watermarked media public, originals private, nothing on disk', async () => {
    const res = await t.post('/api/admin/auto-monitor/force-check');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: { newPosts: 18, processedPosts: 18, errors: [] } });

    const photo = await article(102);
    expect(photo.image_url!.startsWith(`${s3.mediaBaseUrl}/`)).toBe(true);
    const photoKey = keyOf(photo.image_url!);
    expect(photoKey).toMatch(/^tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    const served = await fetch(photo.image_url!);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 450]);

    const keys = await s3.keys();
    expect(keys).toContain(`media/${photoKey}`);
    expect(keys).toContain(`originals/${photoKey}`);
    expect(keys).toContainEqual(expect.stringMatching(/^media\/tg\/akhbar_rooz\/103\/2-image\.[0-9a-f]{8}\.jpg$/));
    expect(keys).toContainEqual(expect.stringMatching(/^originals\/tg\/akhbar_rooz\/106\/10-video\.[0-9a-f]{8}\.mp4$/));
    // The original is the file Telegram sent, unmarked; the public one differs from it.
    const original = await createS3Storages(s3.options, s3.mediaBaseUrl).originals.get(photoKey);
    expect(original?.equals(fixture('dollar-market.jpg'))).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'media'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'originals'))).toBe(false);
  });

  it.runIf(hasFfmpeg)('takes a poster frame and the duration from a stored video', async () => {
    const video = await article(106);
    const videoKey = keyOf(video.video_url!);
    expect(videoKey).toMatch(/^tg\/akhbar_rooz\/106\/10-video\.[0-9a-f]{8}\.mp4$/);
    expect(video.video_duration).toBe(2);
    expect(video.video_poster_url).toBe(`${s3.mediaBaseUrl}/${videoKey.replace(/\.mp4$/, '.poster.jpg')}`);
    const poster = await fetch(video.video_poster_url!);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    const { rows: [asset] } = await t.database.raw.query<{ duration_sec: number; poster_url: string; watermarked: boolean }>(
      'select duration_sec, poster_url, watermarked from media_assets where storage_key = $1', [videoKey]);
    expect(asset).toEqual({ duration_sec: 2, poster_url: video.video_poster_url, watermarked: true });
  });

  it('makes every responsive variant once, beside the image, where the srcset points', async () => {
    const photo = await article(102);
    const srcset = imageSrcSet(photo.image_url)!;
    const urls = srcset.split(', ').map((c) => c.split(' ')[0]);
    expect(photo.image_url).toMatch(/\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);
    expect(urls).toEqual(IMAGE_WIDTHS.map((w) => photo.image_url!.replace(/\.jpg$/, `.w${w}.webp`)));
    // Made by the image-variants job after the post was stored.
    await until('the variants of post 102', async () => (await s3.keys('media/tg/akhbar_rooz/102/')).filter((k) => k.endsWith('.webp')).length === IMAGE_WIDTHS.length);
    for (const [i, url] of urls.entries()) {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(200);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(IMAGE_WIDTHS[i], 800));
    }
    // The album's pictures have theirs too.
    await until('the album variants', async () => (await s3.keys('media/tg/akhbar_rooz/103/')).filter((k) => k.endsWith('.webp')).length === 3 * IMAGE_WIDTHS.length);
  });

  it('watermarks again from the private original and verifies the mark', async () => {
    const photo = await article(102);
    const before = await createS3Storages(s3.options, s3.mediaBaseUrl).media.get(keyOf(photo.image_url!));
    const apply = await t.post(`/api/admin/watermark-article/${photo.id}`);
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toMatchObject({ success: true, result: { successful: 1, failed: 0 } });
    // Where the article points now (a new address only if the bytes changed).
    const after = await createS3Storages(s3.options, s3.mediaBaseUrl).media.get(keyOf((await article(102)).image_url!));
    // Marked once from the original, not a second mark over the first: the same picture.
    expect((await sharp(after!).metadata()).width).toBe(800);
    expect(Math.abs(after!.length - before!.length)).toBeLessThan(before!.length * 0.05);
    const verify = await t.post(`/api/admin/verify-watermark/${photo.id}`);
    expect(verify.json()).toMatchObject({ success: true, result: { successful: 1, failed: 0 } });
  });

  it.runIf(hasFfmpeg)('stores uploads in the bucket: a picture, and a video with its poster and duration', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = await multipart(t, 'photo.png', png);
    expect(image.statusCode, image.body).toBe(200);
    const { url } = image.json() as { url: string };
    expect(url.startsWith(`${s3.mediaBaseUrl}/uploads/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    const key = url.slice(s3.mediaBaseUrl.length + 1);
    expect(await s3.keys(`originals/${key}`)).toEqual([`originals/${key}`]);
    await until('the upload\'s variants', async () => (await s3.keys(`media/${key.replace(/\.png$/, '.w')}`)).length === IMAGE_WIDTHS.length);

    const video = await multipart(t, 'clip.mp4', fixture('match-highlights.mp4'));
    expect(video.statusCode, video.body).toBe(200);
    const body = video.json() as { url: string; kind: string; posterUrl: string; durationSec: number; embedHtml: string };
    expect(body).toMatchObject({ kind: 'video', durationSec: 2 });
    expect(body.posterUrl).toBe(body.url.replace(/\.mp4$/, '.poster.jpg'));
    expect(body.embedHtml).toBe(`<figure><video controls preload="metadata" poster="${body.posterUrl}" src="${body.url}"></video></figure>`);
    expect((await fetch(body.posterUrl)).headers.get('content-type')).toBe('image/jpeg');
    const stored = await fetch(body.url);
    expect(stored.headers.get('content-type')).toBe('video/mp4');
  });

  it.runIf(hasFfmpeg)('refuses a video ffmpeg cannot read with a Persian 400, storing nothing', async () => {
    const before = await s3.keys();
    const rowsBefore = (await t.database.raw.query('select id from media_assets')).rows.length;
    // 31 bytes that start like an MP4 and are nothing more.
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(19, 1)]);
    expect(broken.length).toBe(31);
    const res = await multipart(t, 'broken.mp4', broken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: `ویدیو خراب است یا خوانده نمی‌شود؛ فایل سالم ${ltr('mp4')} یا ${ltr('webm')} بارگذاری کنید` });
    expect(await s3.keys()).toEqual(before);
    expect((await t.database.raw.query('select id from media_assets')).rows.length).toBe(rowsBefore);
  });

  it('reports the bucket in health, for real', async () => {
    const res = await t.get('/api/admin/system/health');
    const body = res.json() as { services?: Array<{ id?: string; name: string; status: string; message?: string }> };
    const text = JSON.stringify(body);
    expect(text).toContain(s3.bucket);
  });
});

describe('media move-to-s3', () => {
  let t: IngestTestApp;
  let bucket: TestS3Server;
  const base = () => bucket.mediaBaseUrl;
  const rows = async () => (await t.database.raw.query<Row>('select * from articles order by telegram_id')).rows;

  beforeAll(async () => {
    bucket = await startS3Server({ bucket: 'moved-media' });
    t = await buildIngestTestApp();
    const res = await t.post('/api/admin/auto-monitor/force-check');
    expect(res.json()).toMatchObject({ result: { processedPosts: 18, errors: [] } });
    // The worker makes image variants (and podcasts) after ingest. The move counts files, so
    // it starts once those jobs have written theirs, as a move run on a settled site would.
    const pending = "select count(*)::int as n from pgboss.job where name in ('image-variants', 'make-podcasts') and state in ('created', 'retry', 'active')";
    const deadline = Date.now() + 30_000;
    while ((await t.database.raw.query<{ n: number }>(pending)).rows[0]!.n > 0) {
      if (Date.now() > deadline) throw new Error('the media jobs did not finish within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  it('moves every file, stops short of rewriting when a file did not arrive, then finishes on the next run', async () => {
    const target = createS3Storages(bucket.options, base());
    // The first run breaks off: the bucket refuses every upload after the fifth.
    let puts = 0;
    const flaky: Storage = { ...target.media, putFile: async (...args) => { if (++puts > 5) throw new Error('connection reset'); return target.media.putFile(...args); } };
    const first = await moveMediaToS3({ database: t.database, dataDir: t.dataDir, target: { ...target, media: flaky }, fromBaseUrl: '/media', toBaseUrl: base() });
    expect(first.media.uploaded).toBe(5);
    expect(first.media.failed).toBeGreaterThan(0);
    expect(first.rewritten).toEqual({});
    expect((await rows()).find((a) => Number(a.telegram_id) === 102)!.image_url).toMatch(/^\/media\/tg\/akhbar_rooz\/102\/0-image\.[0-9a-f]{8}\.jpg$/);

    const second = await moveMediaToS3({ database: t.database, dataDir: t.dataDir, target, fromBaseUrl: '/media', toBaseUrl: base() });
    expect(second.errors).toEqual([]);
    // What arrived is not sent again (the five files, and variants made from images that arrived).
    expect(second.media.skipped).toBeGreaterThanOrEqual(5);
    expect(second.media.uploaded).toBeLessThanOrEqual(first.media.failed);
    expect(second.media.skipped + second.media.uploaded).toBe(first.media.uploaded + first.media.failed);
    expect(second.originals.uploaded).toBe(0);
    expect(second.originals.skipped).toBe(first.originals.uploaded);
    expect(second.rewritten.articles).toBeGreaterThan(5);

    const after = await rows();
    for (const a of after) {
      for (const url of [a.image_url, a.video_url, a.video_poster_url].filter(Boolean)) {
        expect(url!.startsWith(`${base()}/`), url!).toBe(true);
        expect((await fetch(url!)).status, url!).toBe(200);
      }
      expect(a.content).not.toContain('"/media/');
    }
    const album = after.find((a) => Number(a.telegram_id) === 103)!;
    expect(album.content).toMatch(new RegExp(`<img src="${base().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/tg/akhbar_rooz/103/1-image\\.[0-9a-f]{8}\\.jpg"`));
    const { rows: assets } = await t.database.raw.query<{ url: string }>('select url from media_assets');
    expect(assets.every((m) => m.url.startsWith(`${base()}/`))).toBe(true);
    // Originals went to the private prefix, and every image has its variants in the bucket.
    const keys = await bucket.keys();
    const photoKey = after.find((a) => Number(a.telegram_id) === 102)!.image_url!.slice(`${base()}/`.length);
    expect(keys).toContain(`originals/${photoKey}`);
    for (const w of IMAGE_WIDTHS) expect(keys).toContain(`media/${photoKey.replace(/\.jpg$/, `.w${w}.webp`)}`);
  });

  it('changes nothing when run again', async () => {
    const before = await rows();
    const keys = await bucket.keys();
    const again = await moveMediaToS3({ database: t.database, dataDir: t.dataDir, target: createS3Storages(bucket.options, base()), fromBaseUrl: '/media', toBaseUrl: base() });
    expect(again).toMatchObject({ media: { uploaded: 0, failed: 0 }, originals: { uploaded: 0, failed: 0 }, variantsMade: 0, errors: [] });
    expect(again.rewritten).toEqual({ articles: 0, media_assets: 0, article_versions: 0, deleted_articles: 0, operation_changes: 0 });
    expect(await rows()).toEqual(before);
    expect(await bucket.keys()).toEqual(keys);
  });
});

describe('a bucket with MEDIA_BASE_URL left at /media', () => {
  let t: IngestTestApp;
  // No worker: the variants job would otherwise write the same variant while the request makes
  // it, and the test S3 server's writes are not atomic as a real bucket's are.
  beforeAll(async () => { t = await buildIngestTestApp({ s3: s3.options, mediaBaseUrl: '/media', worker: false }); });
  afterAll(async () => { await t?.close(); });

  it('is served by the app itself, streamed from the bucket, variants made on request', async () => {
    const jpeg = await sharp({ create: { width: 1000, height: 560, channels: 3, background: '#225588' } }).jpeg().toBuffer();
    const upload = await multipart(t, 'photo.jpg', jpeg);
    expect(upload.statusCode, upload.body).toBe(200);
    const { url } = upload.json() as { url: string };
    expect(url).toMatch(/^\/media\/uploads\//);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals((await createS3Storages(s3.options, '/media').media.get(url.slice('/media/'.length)))!)).toBe(true);
    const variant = await t.app.inject({ method: 'GET', url: url.replace(/\.jpg$/, '.w640.webp') });
    expect(variant.statusCode).toBe(200);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(640);
    const whole = served.rawPayload;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-299' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${whole.length}`);
    expect(part.headers['content-length']).toBe('200');
    expect(part.rawPayload.equals(whole.subarray(100, 300))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 50))).toBe(true);
    const rest = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${whole.length - 10}-` } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect((await t.app.inject({ method: 'GET', url: '/media/uploads/none/0-file.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc/passwd' })).statusCode).toBe(404);
  });
});
