import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toPersianDigits } from '@chapar/shared/text';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, signIn, VIEWPORTS, type Viewport } from './helpers/admin.ts';

// The admin shell of spec 03 §2.1/§2.3: session guard with return, the twelve tabs with their
// addresses and keyboard, the separate pages, 404, and every screen's layout and accessibility.

const TAB_ORDER = ['articles', 'system-monitor', 'generate', 'channels', 'duplicate', 'scanner', 'watermark', 'auto-monitor', 'newsletter', 'comments', 'ignored', 'telegram-auth'];
const SCREENS = ['/admin', '/admin/bulk', ...TAB_ORDER.slice(1).map((tab) => `/admin?tab=${tab}`), '/admin/ignored', '/admin/newsletter', '/admin/blocklist', '/admin/sync', '/admin/telegram-auth', '/admin/content-verification', '/admin/login', '/admin/no-such-page'];

const suite = adminSuite();

const openPage = (viewport?: Viewport): Promise<Page> => suite.openPage(viewport);

describe('session', () => {
  it('sends every admin route to the login without a session and comes back to it after login', async () => {
    const page = await openPage();
    await page.goto('/admin/blocklist');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/blocklist');
    // No demo credentials on the page, nothing in local storage decides access.
    expect(await page.locator('body').innerText()).not.toContain('e2e-password');
    await signIn(page, '/admin?tab=comments');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin?tab=comments');
    await page.getByRole('heading', { name: 'مدیریت نظرات' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_user'))).toBeNull();
  });

  it('answers an unknown /admin path with 404 and its page, and known ones with 200', async () => {
    const missing = await fetch(`${suite.site.baseUrl}/admin/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/admin', '/admin/bulk', '/admin/login', '/admin/ignored', '/admin/newsletter', '/admin/sync', '/admin/telegram-auth', '/admin/blocklist', '/admin/deleted-articles', '/admin/content-verification', '/admin?tab=comments']) {
      expect((await fetch(`${suite.site.baseUrl}${path}`)).status, path).toBe(200);
    }
    // A tab's name typed as a path leads to that tab, not to «not found».
    for (const [path, to] of [['/admin/articles', '/admin'], ['/admin/comments?status=pending', '/admin?status=pending&tab=comments']]) {
      const moved = await fetch(`${suite.site.baseUrl}${path}`, { redirect: 'manual' });
      expect(moved.status, path).toBe(301);
      expect(moved.headers.get('location'), path).toBe(to);
    }
    const page = await openPage();
    await page.goto('/admin/no-such-page');
    await page.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد' }).waitFor();
    expect(await page.getByRole('link', { name: 'سیاست' }).getAttribute('href')).toBe('/category/politics');
    expect(await page.getByRole('link', { name: 'اقتصاد' }).getAttribute('href')).toBe('/category/economy');
  });

  it('keeps the admin out of the public pages: no admin script is referenced by the home page', async () => {
    const home = await (await fetch(`${suite.site.baseUrl}/`)).text();
    expect(home).not.toMatch(/assets\/admin-/);
    const admin = await (await fetch(`${suite.site.baseUrl}/admin`)).text();
    expect(admin).toMatch(/assets\/admin-[\w-]+\.js/);
    expect(admin).toContain('<meta name="robots" content="noindex">');
  });
});

describe('a screen whose code is gone (the site was updated while the admin was open)', () => {
  it('says so in Persian inside the shell, offers a reload, and another tab still opens', async () => {
    const page = await suite.signedIn('/admin');
    await page.getByRole('tab', { name: 'مقالات' }).waitFor();
    await page.route(/\/assets\/admin-scanner-tab-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: '' }));
    await page.getByRole('tab', { name: 'اسکن کامل' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'این بخش بارگذاری نشد' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('نسخهٔ تازه‌ای از سایت منتشر شده است');
    await alert.getByRole('button', { name: 'بارگذاری دوباره صفحه' }).waitFor();
    // The shell stays: the tabs, and a tab whose code is there opens as before.
    await page.getByRole('tab', { name: 'بررسی تکراری' }).click();
    await page.getByRole('heading', { name: 'بررسی تکراری بودن یک خبر' }).first().waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'این بخش بارگذاری نشد' }).count()).toBe(0);
  });
});

describe('dashboard tabs', () => {
  it('shows the twelve tabs in the spec order, each with its own address, and moves with the keyboard', async () => {
    const page = await suite.signedIn('/admin');
    const tabs = page.getByRole('tablist', { name: 'بخش‌های داشبورد' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.count()).toBe(12);
    const ids = await tabs.evaluateAll((els) => els.map((el) => el.id.replace(/^tab-/, '')));
    expect(ids).toEqual(TAB_ORDER);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    // Right-to-left: the left arrow moves to the next tab; Enter opens it and the address follows.
    // The tab list moves focus on the next task after the key, so the focused tab is polled.
    const focusedId = () => page.evaluate(() => document.activeElement?.id);
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedId).toBe('tab-system-monitor');
    await page.keyboard.press('End');
    await expect.poll(focusedId).toBe('tab-telegram-auth');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedId).toBe('tab-ignored');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('tab'), { timeout: 10_000 }).toBe('ignored');
    await page.getByRole('heading', { name: 'پست‌های نادیده‌گرفته' }).waitFor();

    // A reload (or a shared link) opens the same tab.
    await page.reload();
    await page.getByRole('tab', { name: 'پست‌های نادیده', selected: true }).waitFor();

    // The content verification page opens with three example ids: this site's three newest articles.
    await page.goto('/admin/content-verification');
    await page.getByRole('heading', { name: 'بررسی کیفیت محتوا' }).waitFor();
    const newest = (await (await page.request.get('/api/articles?limit=3')).json()) as Array<{ id: number }>;
    expect(newest).toHaveLength(3);
    await expect.poll(() => page.getByLabel('شماره مقاله‌ها (با ویرگول جدا کنید)').inputValue()).toBe(toPersianDigits(newest.map((a) => a.id).join('، ')));
  });
});

// Two tests per size and theme, each with its own time: the tabs (about 12 s on an idle machine),
// then the pages of their own and the login; the 20 screens in one test took 33 s beside the PostgreSQL suites.
const TABBED = SCREENS.filter((path) => path === '/admin' || path === '/admin/bulk' || path.startsWith('/admin?'));
const PAGES = SCREENS.filter((path) => !TABBED.includes(path) && path !== '/admin/login');

/**
 * Screens another file checks at all four sizes and themes, with its rows and results on them
 * (admin-control-channels, -control-generate, -duplicates, -moderation, -persian): this net takes
 * them at two opposite corners, 390 px dark and 1280 px light, and every other screen at all four.
 */
const CHECKED_WITH_ROWS = new Set([
  '/admin?tab=system-monitor', '/admin?tab=generate', '/admin?tab=channels', '/admin?tab=duplicate', '/admin?tab=scanner',
  '/admin?tab=watermark', '/admin?tab=auto-monitor', '/admin?tab=newsletter', '/admin?tab=comments', '/admin?tab=telegram-auth',
  '/admin/ignored', '/admin/newsletter', '/admin/blocklist', '/admin/sync', '/admin/telegram-auth', '/admin/content-verification',
]);
const corner = (viewport: Viewport) => viewport === VIEWPORTS[1] || viewport === VIEWPORTS[2];

describe('every screen at 390 and 1280 px, light and dark', () => {
  for (const viewport of VIEWPORTS) {
    for (const [part, all] of [['the tabs', TABBED], ['the other pages and the login', PAGES]] as const) {
      const paths = corner(viewport) ? all : all.filter((path) => !CHECKED_WITH_ROWS.has(path));
      it(`${viewport.width} px ${viewport.colorScheme}, ${part}: no horizontal overflow, no serious axe violation, right to left`, async () => {
        const page = await suite.signedIn('/admin', viewport);
        const problems: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await page.locator('main').first().waitFor();
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(viewport.colorScheme === 'dark');
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${path}: ${overflow}px horizontal overflow`);
          for (const v of await seriousAxeViolations(page)) problems.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.join(', ')}`);
        }
        if (all === PAGES) {
          // The login screen, signed out.
          const fresh = await openPage(viewport);
          await fresh.goto('/admin/login');
          await fresh.getByRole('heading', { name: 'ورود به پنل مدیریت' }).waitFor();
          if (await horizontalOverflow(fresh) > 0) problems.push('/admin/login: horizontal overflow');
          for (const v of await seriousAxeViolations(fresh)) problems.push(`/admin/login: ${v.id} ${v.nodes.join(', ')}`);
        }
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('rows wider than a phone', () => {
  it('fade the edge beyond which more menu items and tabs are hidden, and only that edge', async () => {
    const hints = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.scroll-hints')]
      .map((row) => ({ name: row.getAttribute('aria-label'), start: row.dataset.moreStart, end: row.dataset.moreEnd, mask: getComputedStyle(row).maskImage !== 'none' })));
    const phone = await suite.signedIn('/admin', { width: 390, height: 844, colorScheme: 'light' });
    await phone.getByRole('tablist').waitFor();
    expect(await hints(phone)).toEqual([
      { name: 'بخش‌های پنل', start: 'false', end: 'true', mask: true },
      { name: 'بخش‌های داشبورد', start: 'false', end: 'true', mask: true },
    ]);
    // Scrolled to its end (leftwards, right to left), the menu has more at its start only.
    await phone.getByRole('navigation', { name: 'بخش‌های پنل' }).evaluate((menu) => { menu.scrollLeft = -menu.scrollWidth; });
    await expect.poll(async () => (await hints(phone))[0]).toEqual({ name: 'بخش‌های پنل', start: 'true', end: 'false', mask: true });

    // A page far along the menu: its item is shown whole, clear of the faded edges (2.5rem, 40 px, each).
    await phone.goto('/admin/deleted-articles');
    const menu = phone.getByRole('navigation', { name: 'بخش‌های پنل' });
    const current = menu.locator('[aria-current="page"]');
    await current.waitFor();
    await expect.poll(async () => {
      const [box, item] = [await menu.boundingBox(), await current.boundingBox()];
      return Boolean(box && item && item.x >= box.x + 40 && item.x + item.width <= box.x + box.width - 40);
    }).toBe(true);

    const desktop = await suite.signedIn('/admin', { width: 1280, height: 900, colorScheme: 'light' });
    await desktop.getByRole('tablist').waitFor();
    expect((await hints(desktop)).map(({ start, end, mask }) => ({ start, end, mask }))).toEqual([
      { start: 'false', end: 'false', mask: false }, { start: 'false', end: 'false', mask: false },
    ]);
  });
});
