// The article page (spec 02) in a real browser: what a reader does with it (comments, rating,
// bookmarks, the short link, shares) and how it fits a phone once the comments are there.
// Run after `npm run build`: npx vitest run --config e2e/vitest.config.ts e2e/article-interactions.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents } from '@chapar/db';
import type { Page } from 'playwright-core';
import type { Site } from './harness.ts';
import { expectToast, openContext, READER_USER_AGENT } from './helpers/browser.ts';
import {
  adminApi, newVisitor, openArticle, openComments, solveCaptcha, startArticleSite, type InsertedArticle,
} from './helpers/article.ts';

// The server refuses a comment sent sooner than 3 s after its captcha was issued.
const CAPTCHA_MIN_FILL_MS = 3_200;

describe('article page: reader interactions', () => {
  let site: Site;
  let article: InsertedArticle;

  beforeAll(async () => {
    ({ site, article } = await startArticleSite());
  });
  afterAll(() => site?.close());

  it('posts a comment past a wrong and then a right captcha, and replies down to the third level', async () => {
    const admin = await adminApi(site);
    const context = await site.newContext();
    const page = await context.newPage();
    await openArticle(page, article.path);
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
    await openArticle(page, article.path);
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
    await openArticle(page, article.path);
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
    await openArticle(page, article.path);
    const toggle = page.getByRole('button', { name: 'نشانک کردن این خبر' }).first();
    await loaded;
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expectToast(page, 'به نشانک‌ها افزوده شد');
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'true');

    await page.reload();
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'true');

    // The reader finds it again on the bookmarks page (linked from the header), and takes it off there.
    await page.getByRole('link', { name: 'خبرهای نشانک‌شده' }).click();
    await page.waitForURL((url) => url.pathname === '/bookmarks');
    const listed = page.getByRole('main').getByRole('link', { name: article.title });
    await listed.waitFor();
    expect(decodeURI(await listed.getAttribute('href') ?? '')).toBe(article.path);
    const fresh = await fetch(`${site.baseUrl}/bookmarks`);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('<meta name="robots" content="noindex">');
    await page.getByRole('main').getByRole('button', { name: `نشانک کردن «${article.title}»` }).click();
    await expectToast(page, 'از نشانک‌ها حذف شد');
    await page.goto('/bookmarks');
    await page.getByRole('main').getByRole('link').first().or(page.getByText('هنوز خبری را نشانک نکرده‌اید')).first().waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: article.title }).count()).toBe(0);

    await openArticle(page, article.path);
    await page.waitForFunction(() => document.querySelector('button[aria-label="نشانک کردن این خبر"]')?.getAttribute('aria-pressed') === 'false');
    await context.close();
  });

  it('copies the absolute short link to the clipboard', async () => {
    const context = await openContext(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await openArticle(page, article.path);
    const box = page.getByLabel('لینک کوتاه', { exact: true });
    // The card below the article hydrates as the reader reaches it (then the link carries
    // the address the browser sees).
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => box.inputValue()).toBe(`${site.baseUrl}/s/${article.id}`);
    await page.getByRole('button', { name: 'کپی لینک کوتاه' }).click();
    await expectToast(page, 'لینک کپی شد');
    // The toast says so in Persian; the address itself (for an article, a long percent-encoded one) is not shown.
    expect(await page.locator('ol[aria-label^="اعلان‌ها"] > li', { hasText: 'لینک کپی شد' }).innerText()).not.toContain('http');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.baseUrl}/s/${article.id}`);
    await context.close();
  });

  it('counts a view on opening and again after 30 s, and tracks shares with their channel', async () => {
    const context = await openContext(site, { userAgent: READER_USER_AGENT, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.clock.install();
    const view = page.waitForRequest((r) => r.url().endsWith('/api/analytics/track') && r.postDataJSON()?.event === 'view');
    await openArticle(page, article.path);
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

  it('fits a phone without sideways scrolling, in dark mode, with visible focus and Persian names', async () => {
    const context = await site.newContext({ width: 390, height: 844, colorScheme: 'dark' });
    const page = await context.newPage();
    await openArticle(page, article.path);
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

  it('keeps keyboard focus on a star and on «ذخیره برای آفلاین» while they work, draws the stars and the hot badge with enough contrast in both themes, and wraps the stars at 200 % text on a phone', async () => {
    const focusedName = (page: Page) => page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '';
    });
    const context = await site.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await openArticle(page, article.path);
    const summary = page.getByTestId('rating-summary');
    await summary.scrollIntoViewIfNeeded();
    await summary.getByText(/رأی|هنوز امتیازی/).waitFor();
    await page.getByRole('button', { name: '۳ ستاره' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'امتیاز شما ثبت شد');
    expect(await focusedName(page)).toBe('۳ ستاره');

    await page.getByRole('button', { name: 'ذخیره برای آفلاین' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'برای خواندن بدون اینترنت ذخیره شد');
    expect(await focusedName(page)).toBe('حذف نسخه آفلاین');

    // Text alone at 200 % (the browser's text-size setting): the page still fits the phone's width.
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();

    for (const colorScheme of ['light', 'dark'] as const) {
      const themed = await site.newContext({ colorScheme });
      const view = await themed.newPage();
      await openArticle(view, article.path);
      await view.getByTestId('rating-summary').scrollIntoViewIfNeeded();
      await view.getByRole('button', { name: '۱ ستاره' }).waitFor();
      const ratios = await view.evaluate(contrastRatios);
      expect(ratios.hotBadge, colorScheme).toBeGreaterThanOrEqual(4.5);
      expect(ratios.emptyStar, colorScheme).toBeGreaterThanOrEqual(3);
      expect(ratios.filledStar, colorScheme).toBeGreaterThanOrEqual(3);
      await themed.close();
    }
  });
});

/**
 * In the page: the hot badge's text on its fill, and the stars on the page behind them: an empty
 * one's outline, and the button's own colour, which a chosen (filled) star is drawn in. Computed
 * colours may be oklch(); a canvas turns any of them into sRGB.
 */
function contrastRatios() {
  const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  // The colour as painted over `under` (a colour with alpha shows some of what is behind it).
  const painted = (css: string, under: string) => {
    canvas.fillStyle = under;
    canvas.fillRect(0, 0, 1, 1);
    canvas.fillStyle = css;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  };
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (fg: string, bg: string) => {
    const [hi, lo] = [luminance(painted(fg, bg)), luminance(painted(bg, '#000'))].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const backdrop = (element: Element): string => {
    for (let e: Element | null = element; e; e = e.parentElement) {
      const fill = getComputedStyle(e).backgroundColor;
      if (fill !== 'rgba(0, 0, 0, 0)' && fill !== 'transparent') return fill;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const hot = [...document.querySelectorAll('figure span')].find((e) => e.textContent?.trim() === 'داغ')!;
  const star = document.querySelector('button[aria-label="۱ ستاره"]')!;
  const behind = backdrop(star);
  return {
    hotBadge: ratio(getComputedStyle(hot).color, getComputedStyle(hot).backgroundColor),
    emptyStar: ratio(getComputedStyle(star.querySelector('svg')!).color, behind),
    filledStar: ratio(getComputedStyle(star).color, behind),
  };
}
