// The public site of spec 01 walked in a real browser: the Done-when, one flow per describe.
// This file: finding news (header and advanced search, category pages, reading without
// JavaScript) and the 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumberFa } from '@chapar/shared/text';
import type { Site } from './harness.ts';
import {
  apiJson, articleHrefs, articleId, cardBadges, gotoHydrated, startPublicSite,
  type ApiArticle, type ApiCategory, type ApiSearch, type OpenPage,
} from './helpers/public-site.ts';

let site: Site;
let openPage: OpenPage;

beforeAll(async () => {
  ({ site, openPage } = await startPublicSite());
});

afterAll(() => site?.close());

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
    const hit = main.locator('article h2 a', { hasText: 'نمایشگاه کتاب تبریز' });
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

  it('shows the empty state for a category the site does not have, in Persian and not to be indexed', async () => {
    const page = await openPage({ width: 1280, height: 900 });
    const response = await gotoHydrated(page, '/category/weather');
    expect(response?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const main = page.locator('main');
    expect(await main.locator('h1').textContent()).toBe('دسته‌بندی ناشناخته');
    await main.getByText('مقاله‌ای یافت نشد').waitFor();
    expect(await main.locator('article').count()).toBe(0);
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
    expect(await page.locator('main article h2').first().textContent()).toBe(economy[0]?.title);

    // The header's search toggle is a link to /search, whose form is a plain GET form.
    await page.getByRole('button', { name: 'جستجو', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('searchbox', { name: 'عبارت جستجو' }).fill('کتاب');
    await page.locator('main').getByRole('button', { name: 'جستجو', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'کتاب');
    expect(await page.locator('main article h2 a', { hasText: 'نمایشگاه کتاب تبریز' }).count()).toBe(1);
  });

  it('follows the system\'s dark theme without JavaScript, and a stored light choice wins with it', async () => {
    const background = (page: Awaited<ReturnType<OpenPage>>) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const DARK = 'rgb(14, 14, 16)';
    const LIGHT = 'rgb(255, 255, 255)';

    const noScript = await openPage({ width: 390, height: 844, javaScriptEnabled: false, colorScheme: 'dark' });
    await noScript.goto('/');
    expect(await noScript.locator('html').getAttribute('class')).toBe('no-js');
    expect(await background(noScript)).toBe(DARK);
    const noScriptLight = await openPage({ width: 390, height: 844, javaScriptEnabled: false, colorScheme: 'light' });
    await noScriptLight.goto('/');
    expect(await background(noScriptLight)).toBe(LIGHT);

    // With JavaScript the class is gone before paint, and a stored choice decides over the system.
    const chosenLight = await openPage({ width: 390, height: 844, colorScheme: 'dark' });
    await chosenLight.addInitScript(() => localStorage.setItem('theme', 'light'));
    await gotoHydrated(chosenLight, '/');
    expect(await chosenLight.locator('html').evaluate((html) => html.classList.contains('no-js'))).toBe(false);
    expect(await background(chosenLight)).toBe(LIGHT);
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
