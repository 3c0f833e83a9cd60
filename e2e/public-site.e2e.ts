import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatNumberFa } from '@chapar/shared/text';
import { E2E_ADMIN, startSite, type Site } from './harness.ts';
import {
  activeSlide, apiJson, articleHrefs, ASCII_DIGIT, cardBadges, focused, gotoHydrated, PERSIAN_DIGIT, reloadHydrated,
} from './helpers/public-site.ts';

// The public site of spec 01 walked in a real browser: the Done-when, one flow per describe.

interface ApiArticle { id: number; title: string; category: string; views: number }
interface ApiSearch { total: number; articles: ApiArticle[] }
interface ApiCategory { slug: string; name: string; description: string }

let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await site?.close();
});

/** A fresh browser context (own storage) and page; closed with the site. */
async function openPage(opts: Parameters<Site['newContext']>[0] = {}): Promise<Page> {
  const context = await site.newContext(opts);
  contexts.push(context);
  return context.newPage();
}

/** The numeric id at the end of an article link (/article/{slug}-{id} or /article/{id}). */
const articleId = (href: string) => Number(/(\d+)\/?$/.exec(decodeURIComponent(href))?.[1]);

describe('home: every section in the spec order', () => {
  it('renders slider, latest six, previews, sidebar, cloud, chips, feed and health, RTL with Persian dates', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const response = await gotoHydrated(page, '/');
    expect(response?.status()).toBe(200);

    const html = page.locator('html');
    expect(await html.getAttribute('lang')).toBe('fa');
    expect(await html.getAttribute('dir')).toBe('rtl');
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');

    const sections = {
      slider: page.getByRole('region', { name: 'اخبار ویژه', exact: true }),
      latest: page.getByRole('region', { name: 'آخرین اخبار', exact: true }),
      politics: page.getByRole('region', { name: 'سیاست', exact: true }),
      economy: page.getByRole('region', { name: 'اقتصاد', exact: true }),
      popular: page.getByRole('region', { name: 'پربازدیدترین‌ها', exact: true }),
      newsletter: page.getByRole('region', { name: 'عضویت در خبرنامه', exact: true }),
      trending: page.getByRole('region', { name: 'موضوعات داغ', exact: true }),
      topics: page.getByRole('region', { name: 'موضوعات', exact: true }),
      feed: page.getByRole('region', { name: 'همه اخبار', exact: true }),
    };
    // Spec 01 §2 "in order": document order, which is also the phone's reading order.
    const positions = await Promise.all(Object.values(sections).map((section) => section.evaluate((el) => {
      let index = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
      while (walker.nextNode()) {
        index++;
        if (walker.currentNode === el) return index;
      }
      return -1;
    })));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const featured = await apiJson<ApiArticle[]>(site.baseUrl, '/api/articles/featured');
    expect(featured.length).toBeGreaterThan(1);
    expect(await sections.slider.locator('[aria-roledescription="slide"]').count()).toBe(featured.length);

    expect(await sections.latest.locator('article').count()).toBe(6);

    for (const [slug, name] of [['politics', 'سیاست'], ['economy', 'اقتصاد']] as const) {
      const expected = await apiJson<ApiArticle[]>(site.baseUrl, `/api/categories/${slug}/articles?limit=2`);
      const hrefs = await articleHrefs(sections[slug]);
      expect(hrefs).toHaveLength(2);
      expect(hrefs.map(articleId)).toEqual(expected.map((a) => a.id));
      expect(await sections[slug].getByRole('link', { name: `همه اخبار ${name}` }).getAttribute('href')).toBe(`/category/${slug}`);
    }

    const popular = await sections.popular.getByRole('listitem').count();
    expect(popular).toBeGreaterThan(0);
    expect(popular).toBeLessThanOrEqual(5);

    await expect(sections.newsletter.getByRole('textbox', { name: 'ایمیل', exact: true }).isVisible()).resolves.toBe(true);

    // Trending cloud: at most 20 words, sized linearly between 0.7rem and 2.5rem.
    const cloud = await sections.trending.locator('ul a').evaluateAll((links) => {
      const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize);
      return links.map((a) => ({ href: a.getAttribute('href') ?? '', rem: parseFloat(getComputedStyle(a).fontSize) / rootPx }));
    });
    expect(cloud.length).toBeGreaterThan(0);
    expect(cloud.length).toBeLessThanOrEqual(20);
    for (const word of cloud) {
      expect(word.rem).toBeGreaterThanOrEqual(0.7 - 0.01);
      expect(word.rem).toBeLessThanOrEqual(2.5 + 0.01);
      expect(word.href).toMatch(/^\/search\?q=/);
    }
    const sizes = cloud.map((w) => w.rem);
    expect(Math.min(...sizes)).toBeCloseTo(0.7, 1);
    expect(Math.max(...sizes)).toBeCloseTo(2.5, 1);

    const chips = await sections.topics.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(chips.length).toBeGreaterThan(0);
    for (const href of chips) expect(href).toMatch(/^\/search\?q=/);

    expect(await sections.feed.locator('article').count()).toBe(6);

    // The health line polls /api/status from the browser and names the database's state.
    const health = page.getByRole('status').filter({ hasText: 'پایگاه داده' });
    await health.waitFor();
    expect(await health.textContent()).toMatch(/^سامانه فعال است\s*پایگاه داده در دسترس است/);

    // Dates: relative or Jalali, always in Persian digits; the full date is in the tooltip.
    const times = await page.locator('main time').evaluateAll((nodes) => nodes.map((t) => ({ text: t.textContent ?? '', title: t.getAttribute('title') ?? '' })));
    expect(times.length).toBeGreaterThan(10);
    for (const t of times) {
      expect(t.text).not.toMatch(ASCII_DIGIT);
      expect(t.title).toMatch(PERSIAN_DIGIT);
      expect(t.title).not.toMatch(ASCII_DIGIT);
    }
    expect(times.some((t) => PERSIAN_DIGIT.test(t.text))).toBe(true);
    // The Jalali year (1404/1405 for the seed's dates) in the footer, in Persian digits.
    expect(await page.locator('footer').textContent()).toMatch(/۱۴۰[۰-۹]/);
  });
});

describe('home: health indicator', () => {
  it('says so when the server answers but its database does not', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.route('**/api/status*', (route) => route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'degraded', database: { reachable: false, kind: 'pglite', latencyMs: 0 }, version: 'e2e', uptime: 1, timestamp: new Date().toISOString() }),
    }));
    await gotoHydrated(page, '/');
    const health = page.getByRole('status').filter({ hasText: 'پایگاه داده' });
    await health.waitFor();
    expect(await health.textContent()).toContain('پایگاه داده در دسترس نیست');
    expect(await health.textContent()).not.toContain('سامانه فعال است');
  });
});

describe('home: featured slider', () => {
  it('advances by itself, pauses while hovered, and moves with previous and next', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    await page.mouse.move(2, 890);
    const slider = page.getByRole('region', { name: 'اخبار ویژه', exact: true });
    const count = await slider.locator('[aria-roledescription="slide"]').count();
    expect(count).toBeGreaterThan(1);

    const first = await activeSlide(page);
    expect(first).toBeGreaterThanOrEqual(0);
    const next = (first + 1) % count;
    await expect.poll(() => activeSlide(page), { timeout: 6_500, interval: 200 }).toBe(next);
    // Only the active slide is reachable; the others are inert.
    const inert = await slider.locator('[aria-roledescription="slide"]').evaluateAll((slides) => slides.map((s) => s.hasAttribute('inert')));
    expect(inert).toEqual(inert.map((_, i) => i !== next));

    await slider.hover();
    const held = await activeSlide(page);
    await page.waitForTimeout(5_700);
    expect(await activeSlide(page)).toBe(held);

    // Next and previous, wrapping at both ends (the pointer stays on the slider, so no auto-advance).
    await slider.getByRole('button', { name: 'خبر بعدی' }).click();
    expect(await activeSlide(page)).toBe((held + 1) % count);
    await slider.getByRole('button', { name: 'خبر قبلی' }).click();
    expect(await activeSlide(page)).toBe(held);
    await slider.getByRole('button', { name: `رفتن به خبر ${formatNumberFa(1)}` }).click();
    expect(await activeSlide(page)).toBe(0);
    await slider.getByRole('button', { name: 'خبر قبلی' }).click();
    expect(await activeSlide(page)).toBe(count - 1);
    await slider.getByRole('button', { name: 'خبر بعدی' }).click();
    expect(await activeSlide(page)).toBe(0);
  });
});

describe('home: infinite feed', () => {
  it('loads the next pages while scrolling, without duplicates, until everything is shown', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const feed = page.getByRole('region', { name: 'همه اخبار', exact: true });
    const done = feed.getByText('همه اخبار نمایش داده شد');
    const cards = () => feed.locator('article').count();
    expect(await cards()).toBe(6);
    expect(await done.count()).toBe(0);

    let total = 0;
    for (let pageNo = 1; ; pageNo++) {
      const batch = await apiJson<ApiArticle[]>(site.baseUrl, `/api/articles?page=${pageNo}&limit=6`);
      if (!batch.length) break;
      total += batch.length;
    }
    expect(total).toBeGreaterThan(12);

    const seen = [6];
    for (let i = 0; i < 20 && (await done.count()) === 0; i++) {
      const before = await cards();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await cards()) > before || (await done.count()) > 0, { timeout: 5_000 }).toBe(true);
      seen.push(await cards());
    }
    expect(seen[1]).toBe(12);
    await done.waitFor();

    const hrefs = await articleHrefs(feed);
    expect(hrefs).toHaveLength(total);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(new Set(hrefs.map(articleId)).size).toBe(total);
  });
});

describe('header search: Arabic ي and ك find Persian ی and ک', () => {
  it('searches "كتاب" from the header and finds the book-fair article', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const box = page.getByRole('searchbox', { name: 'جستجو در اخبار' });
    await box.pressSequentially('كتاب');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('كتاب');
    expect(await box.inputValue()).toBe('');

    const main = page.locator('main');
    const hit = main.locator('article h3 a', { hasText: 'نمایشگاه کتاب تبریز' });
    await hit.waitFor();
    const title = (await hit.textContent()) ?? '';
    expect(title).toContain('کتاب'); // Persian keheh (U+06A9)
    expect(title).not.toMatch(/[يك]/);
    await expect.poll(() => main.getByRole('status').textContent()).toMatch(/^[۱-۹][۰-۹]* نتیجه برای «كتاب»$/);
  });
});

describe('advanced search: filters rewrite the address', () => {
  it('follows category, sort and date changes with replace', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const q = 'درصد';
    await gotoHydrated(page, `/search?q=${encodeURIComponent(q)}`);
    const main = page.locator('main');
    const historyLength = await page.evaluate(() => history.length);
    const shownIds = async () => (await articleHrefs(main)).map(articleId);
    const status = main.getByRole('status');

    const check = async (expected: Record<string, string>) => {
      await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      const api = await apiJson<ApiSearch>(site.baseUrl, `/api/search/advanced?${new URLSearchParams(expected)}`);
      await expect.poll(shownIds).toEqual(api.articles.map((a) => a.id));
      await expect.poll(() => status.textContent()).toBe(`${formatNumberFa(api.total)} نتیجه برای «${q}»`);
      return api;
    };

    const all = await check({ q });
    expect(all.total).toBeGreaterThan(10);

    await page.getByLabel('دسته‌بندی', { exact: true }).selectOption({ label: 'اقتصاد' });
    const economy = await check({ q, category: 'economy' });
    expect(economy.total).toBeLessThan(all.total);
    expect(new Set(await cardBadges(main))).toEqual(new Set(['اقتصاد']));

    await page.getByLabel('مرتب‌سازی', { exact: true }).selectOption({ label: 'پربازدیدترین' });
    const byViews = await check({ q, category: 'economy', sort: 'views' });
    const views = byViews.articles.map((a) => a.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    await page.getByLabel('بازه زمانی', { exact: true }).selectOption({ label: 'امروز' });
    const today = await check({ q, category: 'economy', sort: 'views', date: 'today' });
    expect(today.total).toBeLessThanOrEqual(economy.total);

    await page.getByLabel('دسته‌بندی', { exact: true }).selectOption({ label: 'همه دسته‌ها' });
    await check({ q, sort: 'views', date: 'today' });
  });
});

describe('preferences survive a reload', () => {
  it('keeps dark theme, 120 % text and high contrast', async () => {
    const page = await openPage({ width: 1280, height: 900, colorScheme: 'light' });
    await gotoHydrated(page, '/');
    const rootState = () => page.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      contrast: document.documentElement.classList.contains('high-contrast'),
      fontSize: document.documentElement.style.fontSize,
      rootPx: parseFloat(getComputedStyle(document.documentElement).fontSize),
      background: getComputedStyle(document.documentElement).backgroundColor,
    }));
    const light = await rootState();
    expect(light).toMatchObject({ dark: false, contrast: false, fontSize: '' });

    await page.getByRole('button', { name: 'تغییر به پوسته تیره' }).click();
    await page.getByRole('button', { name: 'تغییر به پوسته روشن' }).waitFor();
    const preferences = page.getByRole('dialog', { name: 'تنظیمات دسترس‌پذیری' });
    await page.getByRole('button', { name: 'تنظیمات دسترس‌پذیری' }).click();
    await preferences.getByRole('button', { name: 'بزرگ کردن متن' }).click();
    await preferences.getByRole('button', { name: 'بزرگ کردن متن' }).click();
    expect(await preferences.locator('output').textContent()).toBe('۱۲۰٪');
    await preferences.getByRole('switch', { name: 'کنتراست بالا' }).check();

    await expect.poll(rootState).toMatchObject({ dark: true, contrast: true, fontSize: '120%' });
    const changed = await rootState();
    expect(changed).toMatchObject({ dark: true, contrast: true, fontSize: '120%' });
    expect(changed.rootPx).toBeCloseTo(light.rootPx * 1.2, 1);
    expect(changed.background).not.toBe(light.background);

    await reloadHydrated(page);
    expect(await rootState()).toEqual(changed);
    await page.getByRole('button', { name: 'تغییر به پوسته روشن' }).waitFor();
    await page.getByRole('button', { name: 'تنظیمات دسترس‌پذیری' }).click();
    expect(await preferences.locator('output').textContent()).toBe('۱۲۰٪');
    expect(await preferences.getByRole('switch', { name: 'کنتراست بالا' }).isChecked()).toBe(true);

    // Reset brings everything but the theme back to the defaults, and that survives too.
    await preferences.getByRole('button', { name: 'بازنشانی تنظیمات' }).click();
    await expect.poll(rootState).toMatchObject({ dark: true, contrast: false, fontSize: '' });
    await reloadHydrated(page);
    expect(await rootState()).toMatchObject({ dark: true, contrast: false, fontSize: '' });
  });
});

describe('performance monitor', () => {
  it('opens with a grade on Ctrl+Shift+P and closes on the second press', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const monitor = page.getByRole('complementary', { name: 'پایشگر کارایی' });
    expect(await monitor.count()).toBe(0);
    await page.keyboard.press('Control+Shift+KeyP');
    await monitor.waitFor();
    const grade = monitor.locator('p', { hasText: 'وضعیت' }).locator('span').last();
    expect(await grade.textContent()).toMatch(/^(عالی|خوب|ضعیف)$/);
    await page.keyboard.press('Control+Shift+KeyP');
    await monitor.waitFor({ state: 'detached' });
  });
});

describe('404 page', () => {
  it('answers 404 and links home, politics and economy', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const response = await gotoHydrated(page, '/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    const main = page.locator('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe('صفحه یافت نشد');
    expect(await main.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'اخبار سیاسی' }).getAttribute('href')).toBe('/category/politics');
    expect(await main.getByRole('link', { name: 'اخبار اقتصادی' }).getAttribute('href')).toBe('/category/economy');

    await main.getByRole('link', { name: 'اخبار اقتصادی' }).click();
    await page.waitForURL((url) => url.pathname === '/category/economy');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('اقتصاد');
  });
});

describe('admin login dialog', () => {
  it('refuses empty fields and a wrong password, logs in, and offers logout', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'ورود مدیران' }).click();
    const dialog = page.getByRole('dialog', { name: 'ورود به پنل مدیریت' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'ورود', exact: true });
    await submit.waitFor();
    expect(await dialog.getByText('دسترسی فقط برای مدیران سیستم').count()).toBe(1);

    await submit.click();
    expect(await dialog.getByRole('alert').textContent()).toBe('لطفاً نام کاربری و رمز عبور را وارد کنید');
    await dialog.getByLabel('نام کاربری').fill('   ');
    await dialog.getByLabel('رمز عبور', { exact: true }).fill('x');
    await submit.click();
    expect(await dialog.getByRole('alert').textContent()).toBe('لطفاً نام کاربری و رمز عبور را وارد کنید');

    await dialog.getByLabel('نام کاربری').fill(E2E_ADMIN.username);
    await dialog.getByLabel('رمز عبور', { exact: true }).fill('wrong-password');
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/login');
    await submit.click();
    const refusal = await refused;
    expect(refusal.status()).toBe(401);
    const { message } = (await refusal.json()) as { message: string };
    expect(message).toBeTruthy();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(message);

    // The show/hide button reveals the password.
    const password = dialog.getByLabel('رمز عبور', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'نمایش رمز عبور' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await password.fill(E2E_ADMIN.password);
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'پنل مدیریت', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'بازگشت به سایت' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: `حساب مدیر: ${E2E_ADMIN.username}` }).click();
    const menu = page.getByRole('menu', { name: 'منوی مدیر' });
    expect(await menu.getByRole('menuitem', { name: 'پنل مدیریت' }).getAttribute('href')).toBe('/admin');
    const logoutDone = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/logout');
    await menu.getByRole('menuitem', { name: 'خروج' }).click();
    expect((await logoutDone).ok()).toBe(true);
    await page.getByText('همه داده‌ها پاک شد').waitFor();
    // After the reload to / the user icon opens the login dialog again.
    await page.getByRole('button', { name: 'ورود مدیران' }).waitFor({ timeout: 10_000 });
  });
});

describe('reading without JavaScript', () => {
  it('renders titles and links on home, a category page and the search results', async () => {
    const page = await openPage({ width: 390, height: 844, javaScriptEnabled: false });
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    const latest = page.getByRole('region', { name: 'آخرین اخبار', exact: true });
    const latestLinks = await latest.locator('article h3 a').evaluateAll((links) => links.map((a) => ({ href: a.getAttribute('href') ?? '', text: a.textContent?.trim() ?? '' })));
    expect(latestLinks).toHaveLength(6);
    for (const link of latestLinks) {
      expect(link.href).toMatch(/^\/article\/.+-\d+$/);
      expect(link.text.length).toBeGreaterThan(10);
    }
    expect(await page.getByRole('region', { name: 'همه اخبار', exact: true }).locator('article').count()).toBe(6);

    const category = await page.goto('/category/economy');
    expect(category?.status()).toBe(200);
    const economy = await apiJson<ApiArticle[]>(site.baseUrl, '/api/categories/economy/articles');
    expect(await page.locator('main h1').textContent()).toBe('اقتصاد');
    const hrefs = await articleHrefs(page.locator('main'));
    expect(hrefs.map(articleId)).toEqual(economy.map((a) => a.id));
    expect(await page.locator('main article h3').first().textContent()).toBe(economy[0]?.title);

    // The header's search toggle is a link to /search, whose form is a plain GET form.
    await page.getByRole('button', { name: 'جستجو', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('searchbox', { name: 'عبارت جستجو' }).fill('کتاب');
    await page.locator('main').getByRole('button', { name: 'جستجو', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'کتاب');
    expect(await page.locator('main article h3 a', { hasText: 'نمایشگاه کتاب تبریز' }).count()).toBe(1);
  });
});

describe('category page', () => {
  it('shows the Persian title and description and only politics cards', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/category/politics');
    const categories = await apiJson<ApiCategory[]>(site.baseUrl, '/api/categories');
    const politics = categories.find((c) => c.slug === 'politics');
    expect(politics?.name).toBe('سیاست');
    const main = page.locator('main');
    expect(await main.locator('h1').textContent()).toBe('سیاست');
    expect(await main.locator('header p').textContent()).toBe(politics?.description);
    expect(await page.title()).toContain('سیاست');

    const expected = await apiJson<ApiArticle[]>(site.baseUrl, '/api/categories/politics/articles');
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.every((a) => a.category === 'Politics')).toBe(true);
    const hrefs = await articleHrefs(main);
    expect(hrefs.map(articleId)).toEqual(expected.map((a) => a.id));
    const badges = await cardBadges(main);
    expect(badges).toHaveLength(expected.length);
    expect(new Set(badges)).toEqual(new Set(['سیاست']));
    // The category bar marks where the reader is.
    expect(await page.getByRole('navigation', { name: 'دسته‌بندی‌ها', exact: true }).getByRole('link', { name: 'سیاست' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the empty state for a category without articles', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/category/weather');
    const main = page.locator('main');
    expect(await main.locator('h1').textContent()).toBe('Weather');
    await main.getByText('مقاله‌ای یافت نشد').waitFor();
    expect(await main.locator('article').count()).toBe(0);
  });
});

describe('newsletter box', () => {
  it('rejects an address without @, subscribes, and greets a repeat in another letter case kindly', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const box = page.getByRole('region', { name: 'عضویت در خبرنامه', exact: true });
    const email = box.getByRole('textbox', { name: 'ایمیل', exact: true });
    const join = box.getByRole('button', { name: 'عضویت', exact: true });
    const toasts = page.locator('ol[aria-label^="اعلان‌ها"]');
    let calls = 0;
    page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/newsletter/subscribe') calls++; });

    await email.fill('reader.example.com');
    await join.click();
    const invalid = toasts.getByRole('alert');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('ایمیل نامعتبر');
    expect(await invalid.textContent()).toContain('لطفاً یک آدرس ایمیل معتبر وارد کنید');
    expect(calls).toBe(0);

    const address = `E2E.Reader.${Date.now()}@Example.com`;
    const subscribe = async (value: string) => {
      await email.fill(value);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter/subscribe');
      await join.click();
      const response = await answered;
      expect(response.ok()).toBe(true);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(true);
      await toasts.getByText(body.message).waitFor();
      expect(await email.inputValue()).toBe('');
      return body.message;
    };
    const first = await subscribe(address);
    const again = await subscribe(address.toLowerCase());
    expect(again).not.toBe(first);
    expect(again).toContain('پیش‌تر');
    expect(calls).toBe(2);
  });
});

describe('keyboard shortcuts', () => {
  it('Alt+M focuses main, Alt+N the first navigation link', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    await gotoHydrated(page, '/category/economy');
    await page.keyboard.press('Alt+KeyM');
    expect((await focused(page)).id).toBe('main');
    await page.keyboard.press('Alt+KeyN');
    const link = await focused(page);
    expect(link).toMatchObject({ tag: 'A', text: 'صفحه اصلی', href: '/' });
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe('دسته‌بندی‌ها');
    await page.keyboard.press('Alt+KeyM');
    expect((await focused(page)).id).toBe('main');
  });
});

describe('phone layout', () => {
  it('never scrolls sideways at 390 px', async () => {
    const page = await openPage({ width: 390, height: 844 });
    for (const url of ['/', '/category/politics', `/search?q=${encodeURIComponent('کتاب')}`, '/trending', '/no-such-page']) {
      await gotoHydrated(page, url);
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(overflow.scroll, url).toBeLessThanOrEqual(overflow.client);
    }
  });
});

// Screenshots for a person to look at: set E2E_SHOTS_DIR (e.g. /tmp/shots-public) to take them.
const shotsDir = process.env.E2E_SHOTS_DIR;
describe.runIf(Boolean(shotsDir))('screenshots of every public screen', () => {
  it('captures each screen at 390 and 1280 px in light and dark', { timeout: 180_000 }, async () => {
    const dir = path.resolve(shotsDir ?? '.');
    mkdirSync(dir, { recursive: true });
    const screens: Array<{ name: string; url: string; full: boolean; act?: (page: Page) => Promise<void>; mobileOnly?: boolean }> = [
      { name: 'home', url: '/', full: true },
      { name: 'category', url: '/category/politics', full: true },
      { name: 'search-results', url: `/search?q=${encodeURIComponent('کتاب')}`, full: true },
      { name: 'search-empty', url: `/search?q=${encodeURIComponent('زرافه‌های آبی')}`, full: true },
      { name: 'trending', url: '/trending', full: true },
      { name: '404', url: '/no-such-page', full: false },
      {
        name: 'login-dialog', url: '/', full: false,
        act: async (page) => {
          await page.getByRole('button', { name: 'ورود مدیران' }).click();
          await page.getByRole('dialog', { name: 'ورود به پنل مدیریت' }).getByRole('button', { name: 'ورود', exact: true }).waitFor();
        },
      },
      {
        name: 'mobile-menu', url: '/', full: false, mobileOnly: true,
        act: async (page) => {
          await page.getByRole('button', { name: 'منو', exact: true }).click();
          await page.locator('#mobile-menu').waitFor();
        },
      },
    ];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        const page = await openPage({ width, height: width < 600 ? 844 : 900, colorScheme });
        for (const screen of screens) {
          if (screen.mobileOnly && width > 600) continue;
          await gotoHydrated(page, screen.url);
          await page.evaluate(() => document.fonts.ready);
          // Lazy images in the first screen have had their chance to load.
          await page.waitForFunction(() => [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete), undefined, { timeout: 5_000 }).catch(() => undefined);
          await screen.act?.(page);
          await page.mouse.move(1, 1);
          await page.screenshot({ path: path.join(dir, `${screen.name}-${width}-${colorScheme}.png`), fullPage: screen.full, animations: 'disabled' });
        }
        await page.context().close();
      }
    }
  });
});
