import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

// Media on local disk (the default storage), served by the app under /media.
describe('/media from local disk', () => {
  let t: TestApp;
  let dataDir = '';
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const url = '/media/podcasts/1-a.mp3';
  const get = (range?: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: range === undefined ? extra : { range, ...extra } });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chapar-media-'));
    mkdirSync(path.join(dataDir, 'media', 'podcasts'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', 'podcasts', '1-a.mp3'), bytes);
    t = await buildTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a byte range, an open end and a suffix as 206', async () => {
    const res = await get('bytes=0-99');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/1000');
    expect(res.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await get('bytes=900-')).headers['content-range']).toBe('bytes 900-999/1000');
    const suffix = await get('bytes=-100');
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(900))).toBe(true);
    // A suffix longer than the file is the whole file (RFC 9110 14.1.1).
    const longer = await get('bytes=-5000');
    expect(longer.statusCode).toBe(206);
    expect(longer.headers['content-range']).toBe('bytes 0-999/1000');
  });

  it('ignores a malformed Range header and sends the whole file', async () => {
    for (const range of ['bytes=abc', 'bytes=5-1', 'bytes=-', 'bytes=0-10,20-30', 'items=0-10', 'bytes=1e2-']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(200);
      expect(res.headers['content-range'], range).toBeUndefined();
      expect(res.headers['content-length'], range).toBe('1000');
      expect(res.rawPayload.equals(bytes), range).toBe(true);
    }
  });

  it('answers an unsatisfiable range with 416, the file size and a Persian message', async () => {
    for (const range of ['bytes=999999-', 'bytes=1000-', 'bytes=-0']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { range } });
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range'], range).toBe('bytes */1000');
        if (method === 'GET') expect(res.json(), range).toEqual({ error: 'range_not_satisfiable', message: 'بازه درخواستی در این فایل نیست' });
      }
    }
  });

  it('sends the whole file when If-Range no longer matches', async () => {
    const res = await get('bytes=0-99', { 'if-range': '"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers a folder with the Persian 404 of a missing file', async () => {
    const missing = (await t.app.inject({ method: 'GET', url: '/media/podcasts/none.mp3' })).json();
    for (const folder of ['/media/podcasts/', '/media/podcasts', '/media/', '/media/podcasts/?x=1']) {
      const res = await t.app.inject({ method: 'GET', url: folder });
      expect(res.statusCode, folder).toBe(404);
      expect(res.json().error, folder).toBe(missing.error);
      expect(res.json().message, folder).toMatch(/^مسیر .* یافت نشد$/);
    }
    for (const range of ['bytes=0-9', 'bytes=999999-']) {
      expect((await t.app.inject({ method: 'GET', url: '/media/podcasts/', headers: { range } })).statusCode, range).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/media/podcasts/none.mp3', headers: { range } })).statusCode, range).toBe(404);
    }
  });
});
