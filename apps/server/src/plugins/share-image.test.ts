import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

describe('GET /img/share/{path}', () => {
  let t: TestApp;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-share-'));
    mkdirSync(path.join(dataDir, 'media', 'demo'), { recursive: true });
    const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#b91c1c' } }).jpeg().toBuffer();
    writeFileSync(path.join(dataDir, 'media', 'demo', '0-image.jpg'), jpeg);
    writeFileSync(path.join(dataDir, 'media', 'demo', '0-image.w480.webp'), await sharp(jpeg).resize(480).webp().toBuffer());
    t = await buildTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cuts an original image to the share size', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/share/demo/0-image.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('makes none from a variant, stored or not', async () => {
    const before = readdirSync(path.join(dataDir, 'media', 'demo')).sort();
    for (const url of ['/img/share/demo/0-image.w480.webp', '/img/share/demo/0-image.w480.WEBP', '/img/share/demo/0-image.w480.w320.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', message: 'تصویر یافت نشد' });
    }
    expect(readdirSync(path.join(dataDir, 'media', 'demo')).sort()).toEqual(before);
  });
});
