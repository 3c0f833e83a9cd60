// The article page (spec 02) read in a real browser against the real server with demo content:
// its addresses and redirects, what the server renders for crawlers, and its media players.
// Run after `npm run build`: npx vitest run --config e2e/vitest.config.ts e2e/article-reading.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { articleRedirects } from '@chapar/db';
import { toPersianDigits } from '@chapar/shared/text';
import type { Site } from './harness.ts';
import { decodedPath } from './helpers/browser.ts';
import { insertArticle, openArticle, startArticleSite, type InsertedArticle } from './helpers/article.ts';

describe('article page: addresses, server rendering and media', () => {
  let site: Site;
  let media: Record<string, string>;
  let article: InsertedArticle;

  beforeAll(async () => {
    ({ site, media, article } = await startArticleSite());
  });
  afterAll(() => site?.close());

  it('opens by id, slug-id, encoded forms and /s/{id}, answering 301 for every non-canonical one', async () => {
    const slug = article.path.slice('/article/'.length);
    const addresses = [
      `/article/${article.id}`,
      article.path,
      `/article/${encodeURIComponent(encodeURIComponent(slug))}`,
      `/article/${toPersianDigits(article.id)}`,
      `/article/old-slug-${article.id}`,
      `/s/${article.id}`,
    ];
    const context = await site.newContext();
    const page = await context.newPage();
    for (const address of addresses) {
      const first = await fetch(new URL(address, site.baseUrl), { redirect: 'manual' });
      if (address === article.path) expect(first.status).toBe(200);
      else {
        expect(first.status, address).toBe(301);
        expect(decodeURIComponent(first.headers.get('location')!)).toBe(article.path);
      }
      const response = await openArticle(page, address);
      expect(response?.status()).toBe(200);
      expect(decodedPath(page)).toBe(article.path);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(article.title);
    }
    await context.close();
  });

  it('replaces a non-canonical address on the client (history.replaceState)', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page, article.path);
    const length = await page.evaluate(() => history.length);
    await page.evaluate((id) => {
      history.pushState(null, '', `/article/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, article.id);
    await page.waitForFunction((path) => decodeURIComponent(location.pathname) === path, article.path);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    await context.close();
  });

  it('opens from a card on the home page by client-side navigation, with its related articles', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const link = page.locator('main article h3 a').first();
    const title = (await link.innerText()).trim();
    const documents: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'document') documents.push(r.url()); });
    await page.waitForLoadState('networkidle');
    await link.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(documents).toEqual([]);
    expect(decodedPath(page)).toMatch(/^\/article\/.+-\d+$/);
    await page.getByRole('heading', { name: 'اخبار مرتبط' }).waitFor();
    expect(await page.getByTestId('article-body').innerText()).not.toBe('');
    await context.close();
  });

  it('answers the redirect table with 301 (884 → 885 is seeded) and a missing article with the 404 screen', async () => {
    const [seeded] = await site.database.db.select().from(articleRedirects).where(eq(articleRedirects.fromId, 884));
    expect(seeded.toId).toBe(885);
    const legacy = await fetch(`${site.baseUrl}/article/884`, { redirect: 'manual' });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get('location')).toMatch(/^\/article\/(.+-)?885$/);

    const fromId = 990_000 + article.id;
    await site.database.db.insert(articleRedirects).values({ fromId, toId: article.id, reason: 'e2e' });
    for (const address of [`/article/${fromId}`, `/article/old-title-${fromId}`, `/s/${fromId}`]) {
      const res = await fetch(`${site.baseUrl}${address}`, { redirect: 'manual' });
      expect(res.status, address).toBe(301);
      expect(decodeURIComponent(res.headers.get('location')!)).toBe(article.path);
    }

    const context = await site.newContext();
    const page = await context.newPage();
    const moved = await page.goto(`/article/${fromId}`);
    expect(moved?.status()).toBe(200);
    expect(decodedPath(page)).toBe(article.path);
    // The browser hydrates the page the server rendered: the 'not found' stays, with no skeleton
    // while the missing article is asked for again.
    const asked: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/articles/987654')) asked.push(request.url()); });
    const missing = await page.goto('/article/no-such-news-987654', { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    expect(await missing!.text()).toMatch(/<h1[^>]*>مقاله مورد نظر یافت نشد<\/h1>/);
    await page.getByRole('heading', { name: 'مقاله مورد نظر یافت نشد' }).waitFor();
    expect(await page.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).getAttribute('href')).toBe('/');
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    expect(asked).toEqual([]);
    await context.close();
  });

  it('renders title, body, Open Graph, Twitter card and NewsArticle JSON-LD on the server', async () => {
    const html = await (await fetch(`${site.baseUrl}${encodeURI(article.path)}`)).text();
    const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
    expect(meta('property', 'og:type')).toBe('article');
    // Link previews get the photo cut to the share size, whose size the page states.
    expect(meta('property', 'og:image')).toMatch(/^https?:\/\/[^/]+\/img\/share\/e2e\/snow-tehran\.jpg$/);
    expect([meta('property', 'og:image:width'), meta('property', 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta('property', 'article:published_time')).toBe(article.publishedAt.toISOString());
    expect(meta('property', 'article:modified_time')).toBe(article.updatedAt.toISOString());
    expect(meta('property', 'article:section')).toBe('سیاست');
    expect(html).toContain('<meta property="article:tag" content="برف">');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'robots')).toContain('max-image-preview:large');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/article\/[^"]+">/);

    const [jsonLd, breadcrumb] = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    expect(jsonLd['@type']).toBe('NewsArticle');
    expect(jsonLd.headline).toBe(article.title);
    // The 1200 × 630 cut first, then the photo itself.
    expect(jsonLd.image).toEqual([expect.stringMatching(/^https?:\/\/.+\/img\/share\/e2e\/snow-tehran\.jpg$/), expect.stringMatching(/^https?:\/\/.+\/media\/e2e\/snow-tehran\.jpg$/)]);
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumb.itemListElement as Array<{ name: string; position: number; item: string }>).map((i) => [i.position, i.name])).toEqual([[1, 'خانه'], [2, jsonLd.articleSection], [3, article.title]]);
    expect((breadcrumb.itemListElement as Array<{ item: string }>)[2].item).toBe(jsonLd.mainEntityOfPage && (jsonLd.mainEntityOfPage as { '@id': string })['@id']);
    expect(jsonLd.datePublished).toBe(article.publishedAt.toISOString());
    expect(jsonLd.dateModified).toBe(article.updatedAt.toISOString());
    expect(jsonLd.author).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'چاپار' })]);
    expect(jsonLd.publisher).toEqual(expect.objectContaining({ '@type': 'Organization', name: 'چاپار' }));
    expect(jsonLd.inLanguage).toBe('fa-IR');

    // A crawler without JavaScript reads the whole article.
    const context = await site.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(article.path);
    const text = await page.locator('main').innerText();
    expect(text).toContain(article.title);
    expect(text).toContain('شهرداری تهران از آماده‌باش کامل نیروهای خدمات شهری خبر داد.');
    expect(text).toContain('تازه منتشر شده');
    expect(await page.locator('img[alt^="تصویر خبر: بارش برف سنگین"]').count()).toBe(1);
    // The comments need JavaScript, and the page says so instead of a placeholder that never fills.
    expect(text).toContain('برای خواندن و نوشتن نظرها، جاوااسکریپت مرورگر را روشن کنید.');
    await context.close();
  });

  it('plays video and audio with the site players, and shows the video error state', async () => {
    const withMedia = await insertArticle(site, {
      title: 'خلاصه دیدار تیم ملی فوتبال برابر رقیب آسیایی',
      content: `<p>خلاصه بازی را ببینید.</p><figure><video controls src="${media['match-highlights.mp4']}" poster="${media['match-thumb.jpg']}"></video><figcaption>لحظه‌های حساس بازی</figcaption></figure><p>پایان گزارش.</p>`,
      category: 'Sports',
      podcastUrl: media['voice-report.ogg'],
      podcastVoice: 'فارسی',
      imageUrl: media['match-thumb.jpg'],
    });
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page, withMedia.path);

    // The embedded video is now the site's player.
    const player = page.getByRole('group', { name: /^پخش‌کننده ویدیو/ });
    expect(await player.count()).toBe(1);
    expect(await page.getByText('لحظه‌های حساس بازی').count()).toBe(1);
    // The fixture lasts 2 s: loop it so it is still playing when the controls hide.
    await page.evaluate(() => { document.querySelector('video')!.loop = true; });
    await player.getByRole('button', { name: 'پخش ویدیو' }).first().click();
    // The player's own state (buttons above it, bookmark and rating, carry a data-state too).
    const playerState = (state: string) => page.waitForFunction((s) => document.querySelector('[role="group"][aria-label^="پخش‌کننده ویدیو"]')?.getAttribute('data-state') === s, state);
    await playerState('playing');
    const controls = player.getByTestId('video-controls');
    expect(await controls.getAttribute('aria-hidden')).toBe('false');
    // The seek bar takes a 24 px high touch, not only its thin track (WCAG 2.5.8).
    expect((await controls.getByRole('slider', { name: 'جابه‌جایی در ویدیو' }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelector('[data-testid="video-controls"]')?.getAttribute('aria-hidden') === 'true', null, { timeout: 6000 });
    // Keyboard: focus the player, Space pauses.
    await player.focus();
    await page.keyboard.press('Space');
    await playerState('paused');

    // Podcast: play, volume down one step, back to 0 at the end.
    const podcast = page.getByRole('region', { name: 'نسخه صوتی خبر' });
    await podcast.getByRole('button', { name: 'کم کردن صدا' }).click();
    expect(await podcast.locator('output').innerText()).toBe('۹۰٪');
    await podcast.getByRole('button', { name: 'پخش نسخه صوتی' }).click();
    await podcast.getByRole('button', { name: 'توقف نسخه صوتی' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('audio')!.volume)).toBeCloseTo(0.9);
    await page.waitForFunction(() => Number.isFinite(document.querySelector('audio')!.duration));
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = Math.max(0, audio.duration - 0.2);
    });
    await podcast.getByRole('button', { name: 'پخش نسخه صوتی' }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.querySelector('audio')!.currentTime)).toBe(0);

    const broken = await insertArticle(site, { title: 'ویدیوی خراب برای آزمون خطا', videoUrl: '/media/e2e/missing-video.mp4' });
    await openArticle(page, broken.path);
    // The metadata request fails at once: the player shows its error state.
    const alert = page.getByRole('alert').filter({ hasText: 'خطا در بارگذاری ویدیو' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'باز کردن در برگه جدید' }).getAttribute('href')).toBe('/media/e2e/missing-video.mp4');
    await context.close();
  });
});
