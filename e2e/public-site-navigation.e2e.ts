// The public site of spec 01 walked in a real browser: the Done-when, one flow per describe.
// This file: what every page offers (preferences, performance monitor, admin login, keyboard
// shortcuts), the phone layout, and screenshots of every screen.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN, type Site } from './harness.ts';
import { focused, gotoHydrated, reloadHydrated, startPublicSite, type OpenPage } from './helpers/public-site.ts';

let site: Site;
let openPage: OpenPage;

beforeAll(async () => {
  ({ site, openPage } = await startPublicSite());
});

afterAll(() => site?.close());

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
    await page.getByText('از حساب مدیر خارج شدید و نشست پایان یافت').waitFor();
    // After the reload to / the user icon opens the login dialog again.
    await page.getByRole('button', { name: 'ورود مدیران' }).waitFor({ timeout: 10_000 });
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

describe('focus under the sticky header', () => {
  /**
   * Walks back up a page with Shift+Tab from its last link and returns the controls that took
   * focus behind the sticky header (or the article's bar under it): the browser scrolls each one
   * in just far enough, so without room kept for the bars it stops under them.
   */
  async function hiddenWalkingBack(page: Page, steps: number): Promise<string[]> {
    await page.locator('footer a').last().focus();
    const hidden: string[] = [];
    for (let i = 0; i < steps; i++) {
      await page.keyboard.press('Shift+Tab');
      const under = await page.evaluate(() => {
        // The bars: what sticks to the top of the screen (the header, the article's bar).
        const bars = [...document.querySelectorAll('body *')].filter((e) => getComputedStyle(e).position === 'sticky' && e.getBoundingClientRect().top < 200);
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body || bars.some((bar) => bar.contains(el))) return null;
        const box = el.getBoundingClientRect();
        const barsEnd = Math.max(...bars.map((bar) => bar.getBoundingClientRect().bottom));
        return box.height && box.top < barsEnd ? `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} (${Math.round(box.top)} < ${Math.round(barsEnd)})` : null;
      });
      if (under) hidden.push(under);
    }
    return hidden;
  }

  it('never hides a focused control behind the header on a phone, nor behind the article\'s bar', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await gotoHydrated(page, '/');
    expect(await hiddenWalkingBack(page, 40)).toEqual([]);
    const article = await page.locator('main a[href^="/article/"]').first().getAttribute('href');
    await gotoHydrated(page, article!);
    expect(await hiddenWalkingBack(page, 40)).toEqual([]);
  });
});

describe('phone layout', () => {
  it('opens the search row from its toggle, and Escape closes it and gives focus back to the toggle', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'جستجو', exact: true });
    await toggle.click();
    const field = page.locator('#mobile-search').getByRole('searchbox');
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('#mobile-search').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('جستجو');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('never scrolls sideways at 390 px', async () => {
    const page = await openPage({ width: 390, height: 844 });
    for (const url of ['/', '/category/politics', `/search?q=${encodeURIComponent('کتاب')}`, '/trending', '/no-such-page']) {
      await gotoHydrated(page, url);
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(overflow.scroll, url).toBeLessThanOrEqual(overflow.client);
    }
  });

  it('never scrolls sideways at 390 px with the text at its largest (150 %)', async () => {
    const page = await openPage({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('chapar:font-size', '150'));
    await gotoHydrated(page, '/');
    const article = await page.locator('main a[href^="/article/"]').first().getAttribute('href');
    for (const url of ['/', article!, '/category/politics', `/search?q=${encodeURIComponent('کتاب')}`]) {
      await gotoHydrated(page, url);
      const layout = await page.evaluate(() => ({ size: document.documentElement.style.fontSize, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(layout.size, url).toBe('150%');
      expect(layout.scroll, url).toBeLessThanOrEqual(layout.client);
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
