import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAsAdmin, type TestApp } from '../../../testing/test-app.ts';
import { fileForm } from '../../../testing/multipart.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie, csrfToken } = await loginAsAdmin(t.app);
  headers = { cookie, 'x-csrf-token': csrfToken };
});
afterAll(async () => { await t?.close(); });

function multipart(body: Buffer, filename: string, type: string) {
  const form = fileForm(filename, body, type);
  return { payload: form.payload, headers: { ...headers, 'content-type': form.contentType } };
}

describe('watermark preview', () => {
  it('answers the original and the marked copy, the mark found by the verifier', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a6f97' } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/watermark-preview', ...multipart(png, 'sample.png', 'image/png') });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { original: string; marked: string; watermarked: boolean; present: boolean; width: number };
    expect(body.original).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(body.marked).toMatch(/^data:image\/(png|jpeg|webp);base64,/);
    expect(body.marked).not.toBe(body.original);
    expect(body).toMatchObject({ watermarked: true, present: true, width: 640 });
    // Nothing was stored.
    expect((await t.database.raw.query('select count(*)::int as n from media_assets')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses what is not an image, and needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/watermark-preview', ...multipart(Buffer.from('%PDF-1.4 hello'), 'a.pdf', 'application/pdf') });
    expect(res.statusCode).toBe(415);
    expect((res.json() as { message: string }).message).toContain('تصویر');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/watermark-preview', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('says how the stored media stand with the mark', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/media-status', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ images: 0, videos: 0, unmarked: 0, last24h: { total: 0, watermarked: 0 }, recent: [] });
    await t.database.raw.query(`insert into media_assets (kind, storage_key, url, mime_type, watermarked) values
      ('image', 'a/0-image.jpg', '/media/a/0-image.jpg', 'image/jpeg', true),
      ('image', 'b/0-image.gif', '/media/b/0-image.gif', 'image/gif', false),
      ('video', 'c/0-video.mp4', '/media/c/0-video.mp4', 'video/mp4', true),
      ('document', 'd/0-file.pdf', '/media/d/0-file.pdf', 'application/pdf', false)`);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/media-status', headers });
    const body = res.json() as { images: number; videos: number; unmarked: number; last24h: { total: number; watermarked: number }; recent: Array<{ url: string; watermarked: boolean }> };
    expect(body).toMatchObject({ images: 2, videos: 1, unmarked: 1, last24h: { total: 3, watermarked: 2 } });
    expect(body.recent.map((r) => r.url)).toEqual(['/media/c/0-video.mp4', '/media/b/0-image.gif', '/media/a/0-image.jpg']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/media-status' })).statusCode).toBe(401);
  });
});
