import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

describe('GET /img/w{width}/{path}', () => {
  let t: TestApp;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-img-'));
    mkdirSync(path.join(dataDir, 'media', 'demo'), { recursive: true });
    const jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#b91c1c' } }).jpeg().toBuffer();
    writeFileSync(path.join(dataDir, 'media', 'demo', 'a.jpg'), jpeg);
    t = await buildTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes a WebP at the asked width, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/w480/demo/a.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    // The second answer comes from the stored variant and is identical.
    const again = await t.app.inject({ method: 'GET', url: '/img/w480/demo/a.jpg' });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('serves a variant beside the image under /media, made on the first request and kept on disk', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/demo/a.w320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
    expect(existsSync(path.join(dataDir, 'media', 'demo', 'a.w320.webp'))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/missing.w320.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/a.w500.webp' })).statusCode).toBe(404);
  });

  it('refuses other widths, missing files and paths outside the media folder', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/img/w500/demo/a.jpg' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/img/w480/demo/missing.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/img/w480/../../etc/passwd.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/img/w480/%2e%2e/%2e%2e/secret.jpg' })).statusCode).toBe(404);
    // The media folder's own files refuse a way out with a Persian 403 that says so.
    for (const url of ['/media/..%2F..%2Fetc%2Fpasswd', '/media/demo/..%2F..%2F..%2Fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: 'forbidden', message: 'دسترسی به این نشانی مجاز نیست' });
    }
  });

  it('refuses a width spelled other than as plain digits of an allowed width', async () => {
    for (const width of ['0x1e0', '4.8e2', '0480', '480.0', '+480', '%20480']) {
      const res = await t.app.inject({ method: 'GET', url: `/img/w${width}/demo/a.jpg` });
      expect(res.statusCode, width).toBe(400);
      expect(res.json().message, width).toBe('عرض تصویر باید یکی از ۳۲۰، ۴۸۰، ۶۴۰، ۹۶۰، ۱۲۸۰ باشد');
    }
  });

  it('makes no variant of a variant, nor one under another spelling of a width, and writes nothing for them', async () => {
    const folder = path.join(dataDir, 'media', 'demo');
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/a.w480.webp' })).statusCode).toBe(200);
    const before = readdirSync(folder).sort();
    const missing = (await t.app.inject({ method: 'GET', url: '/media/demo/missing.w320.webp' })).json();
    for (const url of [
      '/media/demo/a.w480.w320.webp', '/media/demo/a.w480.w320.w640.webp', '/media/demo/a.w0480.webp', '/media/demo/a.w00320.webp',
      '/media/demo/a%2Ew480.w320.webp', '/media/demo/a.w480.w320.webp?v=1',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        if (method === 'GET') expect(res.json().error, url).toBe(missing.error);
      }
    }
    for (const url of ['/img/w320/demo/a.w480.jpg', '/img/w320/demo/a.w480.webp', '/img/w480/demo/a.w320.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', message: 'تصویر یافت نشد' });
    }
    expect(readdirSync(folder).sort()).toEqual(before);
    // A name left on disk by an older build is not served either.
    writeFileSync(path.join(folder, 'a.w480.w320.webp'), 'x');
    for (const headers of [{}, { range: 'bytes=0-0' }, { range: 'bytes=99999-' }]) {
      expect((await t.app.inject({ method: 'GET', url: '/media/demo/a.w480.w320.webp', headers })).statusCode).toBe(404);
    }
  });
});
