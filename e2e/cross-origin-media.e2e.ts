// Media from another site: a web feed reader or podcast player on another origin embeds the
// site's photo, its podcast MP3, the podcast cover and the share image. The page is served by a
// tiny server of its own at http://localhost:{port}; the site is http://127.0.0.1:{port}: two
// different sites, so `Cross-Origin-Resource-Policy: same-site` would block every one of them.
// Run after `npm run build`: npx vitest run --config e2e/vitest.config.ts e2e/cross-origin-media.e2e.ts
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDirOf, publishFixtureMedia } from './helpers/article.ts';
import { startSite, type Site } from './harness.ts';

let site: Site;
let reader: Server;
let readerUrl = '';
let urls: { image: string; audio: string; cover: string; share: string };

beforeAll(async () => {
  site = await startSite();
  const media = await publishFixtureMedia(site, ['snow-tehran.jpg']);
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000', '-t', '1.5', '-ac', '1', '-b:a', '32k',
    path.join(await mediaDirOf(site), 'e2e', 'tone.mp3')]);
  urls = {
    image: `${site.baseUrl}${media['snow-tehran.jpg']}`,
    audio: `${site.baseUrl}/media/e2e/tone.mp3`,
    cover: `${site.baseUrl}/podcast-cover.jpg`,
    share: `${site.baseUrl}/img/share/e2e/snow-tehran.jpg`,
  };
  // The other site: one page that embeds the four files without CORS (plain <img>, <audio>).
  const html = `<!doctype html><html><body>
    <img id="photo" src="${urls.image}" alt=""><img id="cover" src="${urls.cover}" alt="" width="100"><img id="share" src="${urls.share}" alt="">
    <audio id="episode" preload="metadata" src="${urls.audio}"></audio></body></html>`;
  reader = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => reader.listen(0, resolve));
  const address = reader.address();
  readerUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => reader?.close(resolve));
  await site?.close();
});

describe('media embedded by another site', () => {
  it('loads the photo, the podcast MP3, the podcast cover and the share image', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    await page.goto(readerUrl);
    expect(new URL(page.url()).hostname).toBe('localhost');
    expect(new URL(site.baseUrl).hostname).toBe('127.0.0.1');

    // Each image decoded (naturalWidth is 0 for one the browser refused), the MP3's length read.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 15_000 });
    const sizes = await page.evaluate(() => Object.fromEntries([...document.images].map((img) => [img.id, [img.naturalWidth, img.naturalHeight]])));
    expect(sizes.cover).toEqual([3000, 3000]);
    expect(sizes.share).toEqual([1200, 630]);
    expect(sizes.photo[0]).toBeGreaterThan(0);
    const duration = await page.waitForFunction(() => {
      const audio = document.getElementById('episode') as HTMLAudioElement;
      if (audio.error) return `error ${audio.error.code}`;
      return audio.readyState >= 1 ? audio.duration : false;
    }, undefined, { timeout: 15_000 }).then((handle) => handle.jsonValue());
    expect(duration).toBeGreaterThan(1);
    expect(failed).toEqual([]);
    await context.close();
  });
});
