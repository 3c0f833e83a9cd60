// The public site of spec 01 walked in a real browser: the Done-when, one flow per describe.
// This file: the home page, section by section (slider, health line, feed, newsletter box).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumberFa } from '@chapar/shared/text';
import type { Site } from './harness.ts';
import {
  activeSlide, apiJson, articleHrefs, articleId, ASCII_DIGIT, gotoHydrated, PERSIAN_DIGIT, recordPage, startPublicSite, withRecord,
  type ApiArticle, type OpenPage,
} from './helpers/public-site.ts';

let site: Site;
let openPage: OpenPage;

beforeAll(async () => {
  ({ site, openPage } = await startPublicSite());
});

afterAll(() => site?.close());

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
    expect(await sections.slider.locator('[aria-roledescription="اسلاید"]').count()).toBe(featured.length);

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
    const count = await slider.locator('[aria-roledescription="اسلاید"]').count();
    expect(count).toBeGreaterThan(1);

    const first = await activeSlide(page);
    expect(first).toBeGreaterThanOrEqual(0);
    const next = (first + 1) % count;
    await expect.poll(() => activeSlide(page), { timeout: 6_500, interval: 200 }).toBe(next);
    // Only the active slide is reachable; the others are inert.
    const inert = await slider.locator('[aria-roledescription="اسلاید"]').evaluateAll((slides) => slides.map((s) => s.hasAttribute('inert')));
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
    const record = recordPage(page);
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
      await withRecord(record, () => expect.poll(async () => (await cards()) > before || (await done.count()) > 0, { timeout: 5_000 }).toBe(true));
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

describe('newsletter box', () => {
  it('rejects an address without @, subscribes, and answers a repeat in another letter case exactly as a new address (issue 34)', async () => {
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
      const body = (await response.json()) as { success: boolean; message: string; pending: boolean; alreadySubscribed: boolean };
      expect(body).toMatchObject({ success: true, pending: true, alreadySubscribed: false });
      await toasts.getByText(body.message).waitFor();
      expect(await email.inputValue()).toBe('');
      return body.message;
    };
    const first = await subscribe(address);
    const again = await subscribe(address.toLowerCase());
    // Nothing tells whether an address is already on the list; both wait for the confirmation link.
    expect(again).toBe(first);
    expect(first).toMatch(/تأیید/);
    expect(calls).toBe(2);
    // This site sends no mail yet: the reader is told the signup is kept, not to look for a mail.
    const note = await box.locator('[data-newsletter-pending]').innerText();
    expect(note).toContain('ثبت شد');
    expect(note).not.toContain('فرستاده شد');
    expect(await toasts.getByText('درخواست عضویت ثبت شد').count()).toBeGreaterThan(0);
  });
});

describe('the toasts\' place at the bottom of the screen', () => {
  it('takes no taps from the page when empty, and only the toast itself does while one shows', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await gotoHydrated(page, '/');
    // What a tap at (x, y) reaches: inside the toasts' list or not.
    const hitsToasts = (x: number, y: number) => page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('[data-toast-viewport]') != null, [x, y]);
    expect(await hitsToasts(195, 836)).toBe(false);
    const box = page.getByRole('region', { name: 'عضویت در خبرنامه', exact: true });
    await box.getByRole('textbox', { name: 'ایمیل', exact: true }).fill('reader.example.com');
    await box.getByRole('button', { name: 'عضویت', exact: true }).click();
    const toast = page.locator('[data-toast-viewport] li');
    await toast.waitFor();
    const { x, y, width, height } = (await toast.boundingBox())!;
    expect(await hitsToasts(x + width / 2, y + height / 2)).toBe(true);
    // The list's padding around the toast is the page's.
    expect(await hitsToasts(x + width / 2, y + height + 8)).toBe(false);
  });
});
