// Files and stored addresses that are not what they claim: a corrupt picture or one whose
// header claims 65535×65535 is refused with a 4xx and stores nothing; a malformed escape in
// an article's image address fails that article fast and the batch goes on.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '@chapar/db';
import { createArticle } from '../../../testing/factories.ts';
import { fileForm } from '../../../testing/multipart.ts';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { malformedUrlMessage } from './stored-key.ts';
import { embedVideos, fixVideoUrls, migrateVideos } from './video-tasks.ts';
import { applyWatermarks, verifyWatermarks } from './watermark-tasks.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

function upload(filename: string, body: Buffer) {
  const form = fileForm(filename, body, 'image/png');
  return t.app.inject({ method: 'POST', url: '/api/admin/upload-file', headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of typed) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, typed, sum]);
}

/** A small, well-formed PNG file whose header claims width × height pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(4096))), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function storedNothing(run: () => Promise<{ statusCode: number; json(): unknown }>, status: number, message: RegExp) {
  const keys = () => [...(t.app.ingest.storage as unknown as { keys(): string[] }).keys(), ...(t.app.ingest.originals as unknown as { keys(): string[] }).keys()];
  const before = { keys: keys(), rows: await t.database.db.select().from(mediaAssets) };
  const res = await run();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error: expect.any(String), message: expect.stringMatching(message) });
  expect(keys()).toEqual(before.keys);
  expect(await t.database.db.select().from(mediaAssets)).toEqual(before.rows);
}

describe('POST /api/admin/upload-file with pictures that are not pictures', () => {
  it('a JPEG start followed by garbage answers 400 and stores nothing', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a picture '.repeat(50))]);
    await storedNothing(() => upload('photo.jpg', corrupt), 400, /خراب/);
  });

  it('a PNG whose header claims 65535×65535 answers 413 without decoding, and stores nothing', async () => {
    const started = performance.now();
    await storedNothing(() => upload('huge.png', pngClaiming(65535, 65535)), 413, /ابعاد تصویر/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a real picture is still stored', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#224466' } }).png().toBuffer();
    const res = await upload('ok.png', png);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('maintenance over a stored address with a malformed percent-escape', () => {
  it('watermarking reports that article as an error at once and goes on with the others', async () => {
    const s = t.app.ingest;
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
    const good = await s.storage.put('articles/hostile/0-image.png', png, 'image/png');
    const badUrl = '/media/%E0%A4%A.jpg';
    const bad = await createArticle(t.database, { imageUrl: badUrl });
    const fine = await createArticle(t.database, { imageUrl: good.url });

    const started = performance.now();
    const applied = await applyWatermarks(s, [bad.id, fine.id]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(applied).toContainEqual({ articleId: bad.id, status: 'error', message: malformedUrlMessage(badUrl), file: badUrl });
    expect(applied).toContainEqual(expect.objectContaining({ articleId: fine.id, status: 'success' }));

    const verified = await verifyWatermarks(s, [bad.id, fine.id]);
    expect(verified).toContainEqual(expect.objectContaining({ articleId: bad.id, status: 'error', message: malformedUrlMessage(badUrl) }));
    expect(verified).toContainEqual(expect.objectContaining({ articleId: fine.id, status: 'success' }));
  });

  it('a corrupt stored picture is that asset\'s error, not the run\'s', async () => {
    const s = t.app.ingest;
    const stored = await s.storage.put('articles/hostile/1-image.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'image/jpeg');
    const article = await createArticle(t.database, { imageUrl: stored.url });
    const items = await applyWatermarks(s, [article.id]);
    expect(items).toEqual([expect.objectContaining({ articleId: article.id, status: 'error', message: 'تصویر خراب است و خوانده نمی‌شود' })]);
  });

  it('the video tools report the article and leave it as it was', async () => {
    const s = t.app.ingest;
    const badUrl = '/media/%E0%A4%A.mp4';
    const article = await createArticle(t.database, { videoUrl: badUrl, content: '<p>متن</p>' });
    for (const task of [fixVideoUrls, migrateVideos, embedVideos]) {
      const items = await task(s, [article.id]);
      expect(items).toEqual([{ articleId: article.id, status: 'error', message: malformedUrlMessage(badUrl), file: badUrl }]);
    }
    const [row] = await t.database.raw.query<{ content: string; video_url: string }>('select content, video_url from articles where id = $1', [article.id]).then((r) => r.rows);
    expect(row).toEqual({ content: '<p>متن</p>', video_url: badUrl });
  });
});
