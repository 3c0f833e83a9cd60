// The podcast on an article page: a demo article's podcast made by the real job (espeak-ng and
// ffmpeg), its length shown before it plays, playing in the browser, its .mp3 download an MP3
// of 16 kHz, the admin's remake button and the player at phone and desktop sizes, light and dark.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@chapar/db';
import { articlePath } from '@chapar/shared/text';
import { adminApi, openArticle } from './helpers/article.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS } from './helpers/admin.ts';
import { expectToast, shoot } from './helpers/browser.ts';

const run = promisify(execFile);
const suite = adminSuite();
let article: { id: number; path: string; podcastUrl: string; podcastDuration: number };

beforeAll(async () => {
  // A demo article gets its podcast the way any article does: the podcast job, through the admin call.
  const [demo] = await suite.site.database.db.select().from(articles).where(eq(articles.status, 'published')).orderBy(desc(articles.publishedAt)).limit(1);
  const api = await adminApi(suite.site);
  const res = await suite.site.app.inject({ method: 'POST', url: `/api/admin/articles/${demo.id}/podcast`, headers: api.headers });
  if (res.statusCode !== 200) throw new Error(`podcast not made: ${res.statusCode} ${res.body}`);
  const [row] = await suite.site.database.db.select().from(articles).where(eq(articles.id, demo.id));
  article = { id: row.id, path: articlePath(row), podcastUrl: row.podcastUrl!, podcastDuration: row.podcastDuration! };
}, 300_000);

describe('the podcast on an article page', () => {
  it('shows its length before it plays, plays, and downloads as an MP3', async () => {
    expect(article.podcastUrl).toMatch(/\.mp3$/);
    expect(article.podcastDuration).toBeGreaterThan(3);
    const context = await suite.site.browser.newContext({ baseURL: suite.site.baseUrl, locale: 'fa-IR', acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openArticle(page, article.path);
    const podcast = page.getByRole('region', { name: 'نسخه صوتی خبر' });
    await podcast.waitFor();
    const minutes = Math.floor(article.podcastDuration / 60);
    const length = await podcast.getByTestId('podcast-length').innerText();
    expect(length).toContain('ثانیه');
    if (minutes) expect(length).toContain('دقیقه');
    // Before anything loaded, the time reads 0 of the stored length.
    const total = `${minutes}:${String(article.podcastDuration % 60).padStart(2, '0')}`.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]);
    await podcast.getByRole('button', { name: 'پخش نسخه صوتی' }).waitFor();
    expect(await podcast.getByTestId('podcast-time').innerText()).toBe(`۰:۰۰ / ${total}`);

    await podcast.getByRole('button', { name: 'پخش نسخه صوتی' }).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="نسخه صوتی خبر"]')?.getAttribute('data-podcast-state') === 'playing', null, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime > 0.5, null, { timeout: 10_000 });
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(false);
    await podcast.getByRole('button', { name: 'توقف نسخه صوتی' }).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="نسخه صوتی خبر"]')?.getAttribute('data-podcast-state') === 'paused');

    const link = podcast.getByRole('link', { name: /دریافت فایل صوتی/ });
    expect(await link.getAttribute('href')).toBe(article.podcastUrl);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`chapar-podcast-${article.id}.mp3`);
    const dir = mkdtempSync(path.join(tmpdir(), 'chapar-podcast-'));
    const saved = path.join(dir, `downloaded-${article.id}.mp3`);
    await download.saveAs(saved);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels:format=duration', '-of', 'json', saved])
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    const info = JSON.parse(stdout) as { streams: Array<{ codec_name: string; sample_rate: string; channels: number }>; format: { duration: string } };
    expect(info.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '16000', channels: 1 });
    expect(Math.abs(Number(info.format.duration) - article.podcastDuration)).toBeLessThanOrEqual(0.5);
    await context.close();
  });

  it('works without JavaScript: the browser player and the download link', async () => {
    const context = await suite.site.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(article.path);
    const podcast = page.getByRole('region', { name: 'نسخه صوتی خبر' });
    expect(await podcast.locator('audio[controls]').getAttribute('src')).toBe(article.podcastUrl);
    expect(await podcast.getByRole('link', { name: /دریافت فایل صوتی/ }).getAttribute('download')).toBe(`chapar-podcast-${article.id}.mp3`);
    expect(await podcast.getByTestId('podcast-length').count()).toBe(1);
    await context.close();
  });

  it('fits phone and desktop, light and dark, without serious accessibility faults', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await suite.openPage(viewport);
      await openArticle(page, article.path);
      const podcast = page.getByRole('region', { name: 'نسخه صوتی خبر' });
      await podcast.getByRole('button', { name: 'پخش نسخه صوتی' }).waitFor();
      await podcast.scrollIntoViewIfNeeded();
      expect(await horizontalOverflow(page)).toBe(0);
      // Every control is at least 24 px each way (WCAG 2.5.8), the seek bar's thin track included.
      const small = await podcast.locator('button, a, input').evaluateAll((controls) => controls
        .map((c) => ({ name: c.getAttribute('aria-label') ?? c.textContent?.trim(), box: c.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`));
      expect(small).toEqual([]);
      const faults = (await seriousAxeViolations(page)).filter((v) => v.nodes.some((n) => n.includes('نسخه') || n.includes('audio') || n.includes('section')));
      expect(faults).toEqual([]);
      await shoot(podcast, `podcast-${viewport.width}-${viewport.colorScheme}`);
      await page.context().close();
    }
  });

  it('lets the admin remake the podcast from the article page tools', async () => {
    const page = await suite.signedIn('/admin');
    await openArticle(page, article.path);
    const remake = page.getByRole('button', { name: 'ساخت دوباره پادکست' });
    await remake.waitFor({ timeout: 20_000 });
    await remake.scrollIntoViewIfNeeded();
    await remake.click();
    await page.getByText('پادکست ساخته شد؛ صفحه تازه می‌شود').waitFor({ timeout: 30_000 });
    await shoot(page.getByRole('region', { name: 'ابزار مدیریت' }).or(page.locator('section[aria-labelledby="article-admin-title"]')).first(), 'podcast-admin-tool');
    // The page reloads and plays the new file.
    await page.waitForLoadState('load');
    await page.getByRole('region', { name: 'نسخه صوتی خبر' }).waitFor();
  });

  it('makes one article\'s podcast from the articles table, and the recent articles\' in bulk with progress', async () => {
    const page = await suite.signedIn('/admin');
    await settled(page);
    const firstRow = page.locator('tr[data-article-id]').first();
    const id = Number(await firstRow.getAttribute('data-article-id'));
    const title = (await suite.site.database.db.select({ title: articles.title }).from(articles).where(eq(articles.id, id)))[0].title;
    await page.getByRole('button', { name: `ساخت پادکست «${title}»` }).click();
    await expectToast(page, 'پادکست خبر ساخته شد');
    const [row] = await suite.site.database.db.select().from(articles).where(eq(articles.id, id));
    expect(row.podcastUrl).toMatch(/\.mp3$/);

    await page.getByRole('button', { name: 'ساخت پادکست خبرهای اخیر' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'ساخته شود' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'در حال ساخت پادکست' });
    await progress.waitFor();
    await shoot(page, 'admin-podcasts-progress', { fullPage: false });
    await page.locator('ol[aria-label^="اعلان‌ها"] > li', { hasText: 'پادکست ساخته شد' }).waitFor({ timeout: 150_000 });
    const recent = await suite.site.database.db.select({ podcastUrl: articles.podcastUrl }).from(articles).where(eq(articles.status, 'published')).orderBy(desc(articles.publishedAt)).limit(20);
    expect(recent.every((r) => r.podcastUrl?.endsWith('.mp3'))).toBe(true);
  }, 240_000);

  it('shows the podcast controls of the articles tab at phone and desktop sizes, light and dark', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await suite.signedIn('/admin', viewport);
      await settled(page);
      await page.getByRole('button', { name: 'ساخت پادکست خبرهای اخیر' }).waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await shoot(page, `admin-articles-${viewport.width}-${viewport.colorScheme}`, { fullPage: false });
      await page.context().close();
    }
  }, 120_000);
});
