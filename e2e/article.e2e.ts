// The article page (spec 02) in a real browser against the real server with demo content.
// Run after `npm run build`: npx vitest run --config e2e/vitest.config.ts e2e/article.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents, articleRedirects } from '@chapar/db';
import { toPersianDigits } from '@chapar/shared/text';
import type { Page } from 'playwright-core';
import { XSS_VECTORS } from '../apps/web/src/testing/xss-vectors.ts';
import { E2E_ADMIN, startSite, type Site } from './harness.ts';
import { decodedPath, expectToast, openContext, READER_USER_AGENT } from './helpers/browser.ts';
import { adminApi, insertArticle, insertComment, newVisitor, openComments, publishFixtureMedia, solveCaptcha } from './helpers/article.ts';

// The server refuses a comment sent sooner than 3 s after its captcha was issued.
const CAPTCHA_MIN_FILL_MS = 3_200;

describe('article page', () => {
  let site: Site;
  let media: Record<string, string>;
  let article: Awaited<ReturnType<typeof insertArticle>>;

  beforeAll(async () => {
    site = await startSite();
    media = await publishFixtureMedia(site, ['snow-tehran.jpg', 'match-highlights.mp4', 'match-thumb.jpg', 'voice-report.ogg']);
    article = await insertArticle(site, {
      title: 'بارش برف سنگین در تهران؛ مدارس ابتدایی شنبه تعطیل شد',
      excerpt: 'با ادامه بارش برف در تهران، مدارس ابتدایی در روز شنبه تعطیل اعلام شد و شهرداری از آماده‌باش کامل خبر داد.',
      content: '<p>بارش برف از بامداد امروز در بیشتر مناطق تهران آغاز شد و ارتفاع آن در شمال شهر به بیست سانتی‌متر رسید.</p><h2>آماده‌باش شهرداری</h2><p>شهرداری تهران از آماده‌باش کامل نیروهای خدمات شهری خبر داد.</p>',
      category: 'Politics',
      keywords: 'برف,تهران,مدارس',
      imageUrl: media['snow-tehran.jpg'],
      views: 150,
    });
  });
  afterAll(() => site?.close());

  async function openArticle(page: Page, path = article.path) {
    const response = await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return response;
  }

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
    await openArticle(page);
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
    const missing = await page.goto('/article/no-such-news-987654');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'مقاله مورد نظر یافت نشد' }).waitFor();
    expect(await page.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).getAttribute('href')).toBe('/');
    await context.close();
  });

  it('renders title, body, Open Graph, Twitter card and NewsArticle JSON-LD on the server', async () => {
    const html = await (await fetch(`${site.baseUrl}${encodeURI(article.path)}`)).text();
    const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(html)?.[1];
    expect(meta('property', 'og:type')).toBe('article');
    expect(meta('property', 'og:image')).toMatch(/^https?:\/\/[^/]+\/media\/e2e\/snow-tehran\.jpg$/);
    expect(meta('property', 'article:published_time')).toBe(article.publishedAt.toISOString());
    expect(meta('property', 'article:modified_time')).toBe(article.updatedAt.toISOString());
    expect(meta('property', 'article:section')).toBe('سیاست');
    expect(html).toContain('<meta property="article:tag" content="برف">');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'robots')).toContain('max-image-preview:large');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/article\/[^"]+">/);

    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]) as Record<string, unknown>;
    expect(jsonLd['@type']).toBe('NewsArticle');
    expect(jsonLd.headline).toBe(article.title);
    expect((jsonLd.image as string[])[0]).toMatch(/^https?:\/\/.+\/media\/e2e\/snow-tehran\.jpg$/);
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
    await context.close();
  });

  it('posts a comment past a wrong and then a right captcha, and replies down to the third level', async () => {
    const admin = await adminApi(site);
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page);
    await openComments(page);

    const comments = page.locator('#comments');
    const post = async (text: string, reply?: string) => {
      await newVisitor(page);
      if (reply) await comments.getByRole('button', { name: `پاسخ به ${reply}` }).click();
      else await comments.getByRole('button', { name: 'نوشتن نظر' }).click();
      const form = comments.locator('form');
      await form.getByLabel('نام').fill(text.split(' ')[0]);
      await form.getByLabel('متن نظر').fill(text);
      const question = form.getByTestId('captcha-question');
      await page.waitForFunction(() => !document.querySelector('[data-testid="captcha-question"]')?.textContent?.includes('…'));
      await page.waitForTimeout(CAPTCHA_MIN_FILL_MS);
      await form.getByLabel(/کد امنیتی/).fill(solveCaptcha(await question.innerText()));
      await form.getByRole('button', { name: 'ارسال نظر' }).click();
      await expectToast(page, 'نظر ارسال شد');
      await form.waitFor({ state: 'detached' });
    };

    // Validation first: nothing filled, then no captcha answer.
    await comments.getByRole('button', { name: 'نوشتن نظر' }).click();
    const form = comments.locator('form');
    await form.getByRole('button', { name: 'ارسال نظر' }).click();
    await expectToast(page, 'لطفاً نام و متن نظر را وارد کنید');
    await form.getByLabel('نام').fill('مریم');
    await form.getByLabel('متن نظر').fill('مریم: گزارش دقیقی بود، ممنون.');
    await form.getByRole('button', { name: 'ارسال نظر' }).click();
    await expectToast(page, 'کد امنیتی الزامی است');

    // A wrong answer: refused, and a new question replaces the old one.
    const question = form.getByTestId('captcha-question');
    await page.waitForTimeout(CAPTCHA_MIN_FILL_MS);
    const first = await question.innerText();
    await form.getByLabel(/کد امنیتی/).fill(String(Number(solveCaptcha(first)) + 1));
    await form.getByRole('button', { name: 'ارسال نظر' }).click();
    await expectToast(page, 'کد امنیتی اشتباه است');
    expect(await form.getByLabel(/کد امنیتی/).inputValue()).toBe('');
    // The fresh challenge comes with the refusal; give it its 3 seconds and answer it.
    await page.waitForTimeout(CAPTCHA_MIN_FILL_MS);
    await form.getByLabel(/کد امنیتی/).fill(solveCaptcha(await question.innerText()));
    await form.getByRole('button', { name: 'ارسال نظر' }).click();
    await expectToast(page, 'نظر شما پس از بررسی منتشر خواهد شد');
    await form.waitFor({ state: 'detached' });

    // Only approved comments are public.
    const approveAll = async () => {
      for (const c of await admin.pendingComments(article.id)) await admin.approve(c.id);
      await page.reload();
      await openComments(page);
    };
    await approveAll();
    const level0 = comments.locator('li[data-depth="0"]', { hasText: 'گزارش دقیقی بود' });
    await level0.getByText('تأیید شده').first().waitFor();

    await post('علی: موافقم، برف امسال زودتر آمد.', 'مریم');
    await approveAll();
    await post('سارا: در شمال شهر بیشتر بارید.', 'علی:');
    await approveAll();

    const level2 = comments.locator('li[data-depth="2"]', { hasText: 'در شمال شهر بیشتر بارید' });
    await level2.waitFor();
    expect(await level2.getByRole('button', { name: /پاسخ/ }).count()).toBe(0);
    expect(await level2.innerText()).toContain('حداکثر ۳ سطح پاسخ مجاز است');
    expect(await comments.locator('li[data-depth="1"]').getByRole('button', { name: 'پاسخ به علی:' }).count()).toBe(1);
    await context.close();
  });

  it('rates with stars and shows the new average', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page);
    const summary = page.getByTestId('rating-summary');
    // The rating block hydrates (and reads the ratings) as the reader reaches it.
    await summary.scrollIntoViewIfNeeded();
    await summary.getByText('هنوز امتیازی ثبت نشده است').waitFor();
    await page.getByRole('button', { name: '۴ ستاره' }).click();
    await expectToast(page, 'امتیاز شما ثبت شد');
    await summary.getByText('(۱ رأی)').waitFor();
    expect(await summary.innerText()).toContain('میانگین ۴');
    expect(await page.getByRole('button', { name: '۴ ستاره' }).getAttribute('aria-pressed')).toBe('true');

    // Another reader rates 2: the average becomes 3.
    await newVisitor(page);
    await page.reload();
    await summary.scrollIntoViewIfNeeded();
    await summary.getByText('(۱ رأی)').waitFor();
    await page.getByRole('button', { name: '۲ ستاره' }).click();
    await summary.getByText('(۲ رأی)').waitFor();
    expect(await summary.innerText()).toContain('میانگین ۳');
    await context.close();
  });

  it('hydrates the blocks below the article only as the reader reaches them', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 600 });
    const ratingReads: string[] = [];
    const isRatingRead = (url: string) => url.endsWith(`/api/articles/${article.id}/rating`);
    page.on('request', (r) => { if (isRatingRead(r.url())) ratingReads.push(r.url()); });
    await openArticle(page);
    await page.waitForLoadState('networkidle');
    // The server's markup is all there, readable, before the block is hydrated.
    await page.getByTestId('rating-summary').waitFor({ state: 'attached' });
    expect(ratingReads).toHaveLength(0);
    const read = page.waitForRequest((r) => isRatingRead(r.url()));
    await page.getByTestId('rating-summary').scrollIntoViewIfNeeded();
    await read;
    await page.getByRole('button', { name: '۵ ستاره' }).click();
    await expectToast(page, 'امتیاز شما ثبت شد');
    await context.close();
  });

  it('bookmarks the article, and the bookmark survives a reload', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/bookmarks') && r.request().method() === 'GET');
    await openArticle(page);
    const toggle = page.getByRole('button', { name: 'نشانک کردن این خبر' }).first();
    await loaded;
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expectToast(page, 'به نشانک‌ها افزوده شد');
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'true');

    await page.reload();
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'true');
    await toggle.click();
    await expectToast(page, 'از نشانک‌ها حذف شد');
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'false');
    await context.close();
  });

  it('saves the article for offline reading and opens it with the network off', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.getByRole('button', { name: 'ذخیره برای آفلاین' }).click();
    await expectToast(page, 'برای خواندن بدون اینترنت ذخیره شد');
    const saved = await page.evaluate(async (id) => {
      const record = JSON.parse(localStorage.getItem(`chapar:offline-article:${id}`) ?? 'null') as { id: number; version: string; cachedAt: string } | null;
      const cache = await caches.open('articles-v1');
      const keys = (await cache.keys()).map((r) => decodeURIComponent(new URL(r.url).pathname));
      return { record, keys };
    }, article.id);
    expect(saved.record).toMatchObject({ id: article.id, version: '1.0' });
    expect(Date.parse(saved.record!.cachedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(saved.keys).toEqual(expect.arrayContaining([article.path, `/api/articles/${article.id}`, '/media/e2e/snow-tehran.jpg']));

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.headers()['x-chapar-offline']).toBe('1');
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.getByText('شما آفلاین هستید').waitFor();
    expect(await page.locator('[data-testid="article-body"]').innerText()).toContain('آماده‌باش کامل');
    // The short link also finds the saved copy.
    await page.goto(`/s/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();

    await context.setOffline(false);
    await expectToast(page, 'اتصال اینترنت برقرار شد');
    await page.getByText('شما آفلاین هستید').waitFor({ state: 'detached' });
    await context.close();
  });

  it('copies the absolute short link to the clipboard', async () => {
    const context = await openContext(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await openArticle(page);
    const box = page.getByLabel('لینک کوتاه', { exact: true });
    // The card below the article hydrates as the reader reaches it (then the link carries
    // the address the browser sees).
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => box.inputValue()).toBe(`${site.baseUrl}/s/${article.id}`);
    await page.getByRole('button', { name: 'کپی لینک کوتاه' }).click();
    await expectToast(page, 'لینک کپی شد');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.baseUrl}/s/${article.id}`);
    await context.close();
  });

  it('counts a view on opening and again after 30 s, and tracks shares with their channel', async () => {
    const context = await openContext(site, { userAgent: READER_USER_AGENT, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.clock.install();
    const view = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && r.postDataJSON()?.event === 'view');
    await openArticle(page);
    expect((await view).postDataJSON()).toMatchObject({ articleId: article.id, event: 'view' });
    const later = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && r.postDataJSON()?.event === 'view_30s');
    await page.clock.fastForward(31_000);
    await later;

    const share = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && r.postDataJSON()?.event === 'share');
    await page.getByRole('button', { name: 'کپی لینک خبر' }).first().click();
    expect((await share).postDataJSON()).toMatchObject({ event: 'share', value: 'copy' });
    await expect.poll(async () => {
      const rows = await site.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.articleId, article.id));
      return rows.map((r) => r.event).sort();
    }).toEqual(expect.arrayContaining(['share', 'view', 'view_30s']));
    await context.close();
  });

  it('never runs script payloads from an article body, a comment or an author name', async () => {
    const payload = await insertArticle(site, {
      title: 'خبر آزمایشی امنیت <script>alert(1)</script>',
      content: `<p>متن سالم پیش از کدها.</p>${XSS_VECTORS.join('\n')}<p>متن سالم پس از کدها.</p>`,
    });
    await insertComment(site, { articleId: payload.id, authorName: '<img src=x onerror=alert(1)>', content: XSS_VECTORS.join('\n') });
    // With the CSP bypassed, only the sanitiser and React's escaping stand between a payload and the page.
    const context = await openContext(site, { bypassCSP: true });
    const page = await context.newPage();
    const fired: string[] = [];
    page.on('dialog', (dialog) => {
      fired.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.exposeFunction('__xssReport', (what: string) => fired.push(what));
    await page.addInitScript(() => {
      Object.defineProperty(window, '__xss', { set: () => (window as unknown as { __xssReport(w: string): void }).__xssReport('window.__xss'), configurable: true });
    });
    await openArticle(page, payload.path);
    await openComments(page);
    await page.getByText('<img src=x onerror=alert(1)>').first().waitFor();
    const body = page.getByTestId('article-body');
    await body.locator('a').first().hover();
    await page.mouse.move(10, 10);
    await page.waitForTimeout(500);

    expect(fired).toEqual([]);
    expect(await body.innerText()).toContain('متن سالم پس از کدها.');
    // Whatever came from content (the body, the comments) holds no script, handler or script URL.
    const dangerous = await page.evaluate(() => {
      const scopes = [document.querySelector('[data-testid="article-body"]')!, document.querySelector('#comments')!];
      const found: string[] = [];
      for (const el of scopes.flatMap((scope) => Array.from(scope.querySelectorAll('*')))) {
        // Icons are the site's own sprite references (class "icon"); any other SVG came from content.
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'math'].includes(el.tagName) || (el.tagName === 'svg' && !el.classList.contains('icon'))) found.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on') || attr.name === 'style') found.push(`${el.tagName}[${attr.name}]`);
          if (/^(href|src|action|poster)$/.test(attr.name) && /^\s*(javascript|data):/i.test(attr.value)) found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      }
      return found;
    });
    expect(dangerous).toEqual([]);
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
    await page.waitForFunction(() => document.querySelector('[data-state]')?.getAttribute('data-state') === 'playing');
    const controls = player.getByTestId('video-controls');
    expect(await controls.getAttribute('aria-hidden')).toBe('false');
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelector('[data-testid="video-controls"]')?.getAttribute('aria-hidden') === 'true', null, { timeout: 6000 });
    // Keyboard: focus the player, Space pauses.
    await player.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('[data-state]')?.getAttribute('data-state') === 'paused');

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

  it('fits a phone without sideways scrolling, in dark mode, with visible focus and Persian names', async () => {
    const context = await site.newContext({ width: 390, height: 844, colorScheme: 'dark' });
    const page = await context.newPage();
    await openArticle(page);
    await openComments(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const back = page.getByRole('button', { name: 'بازگشت' });
    await back.focus();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    // Every button and link of the article has a name.
    const unnamed = await page.evaluate(() => Array.from(document.querySelectorAll('main button, main a[href]'))
      .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim()))
      .map((el) => el.outerHTML.slice(0, 80)));
    expect(unnamed).toEqual([]);
    await context.close();
  });

  it('shows administrators the article analytics and deletes the article after confirmation', async () => {
    const doomed = await insertArticle(site, { title: 'خبری که مدیر حذف می‌کند' });
    const context = await site.newContext();
    const page = await context.newPage();
    const login = await page.request.post('/api/admin/login', { data: E2E_ADMIN });
    expect(login.status()).toBe(200);
    await openArticle(page, doomed.path);
    const panel = page.getByRole('region', { name: 'ابزار مدیریت' });
    await panel.getByText('بازدید این خبر').waitFor();

    // The dashboard failing: the spec's message.
    await page.route('**/api/analytics/dashboard*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.reload();
    await panel.getByText('آمار در دسترس نیست').waitFor();

    await panel.getByRole('button', { name: 'حذف مقاله' }).click();
    const dialog = page.getByRole('dialog', { name: 'حذف مقاله' });
    await dialog.getByText('این کار قابل بازگشت نیست').waitFor();
    await dialog.getByRole('button', { name: 'بله، حذف شود' }).click();
    await expectToast(page, 'مقاله حذف شد');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await site.app.inject({ method: 'GET', url: `/api/articles/${doomed.id}` })).statusCode).toBe(404);
    await context.close();
  });
});
