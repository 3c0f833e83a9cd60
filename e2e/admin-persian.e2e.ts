import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { comments, newsletterSubscribers } from '@chapar/db';
import type { AdminArticlesResponse } from '@chapar/shared/contracts';
import { startChannelServer, type ChannelServer } from '../apps/server/testing/channel-server.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS } from './helpers/admin.ts';
import { expectToast, shoot } from './helpers/browser.ts';

// Issue 31 §2: every admin screen reads in Persian. On each screen the visible text, and the
// names, titles, placeholders and values of what is visible, may hold Latin letters or Latin
// digits only in the runs allowed below; a channel handle never reads mirrored; an id carries
// no thousands separator. Everything else is listed with the screen it is on.

/** What may stay Latin, and why. Kept small on purpose: a new entry needs its reason. */
const ALLOWED_RUNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:https?:)?\/\/[^\s\u2066-\u2069«»،)]+/g, 'a URL'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, 'an e-mail address'],
  [/@[A-Za-z]\w*/g, 'a channel or user handle'],
  [/\b(?:[a-z\d-]+\.)+(?:me|ph|org|com|net|ir|io)\b(?::\d+)?(?:\/[^\s\u2066-\u2069«»،)]*)?/gi, 'a host name, with its path'],
  [/\b[\w-]+(?:\.[\w-]+)*\.(?:jpe?g|png|gif|webp|avif|mp4|mov|avi|webm|mp3|ogg|pdf|docx?|csv)\b/gi, 'a file name'],
  [/\b[A-Z][A-Z\d]*(?:_[A-Z\d]+)+\b/g, 'a setting\'s name (code)'],
  [/\bF8\b/g, 'the notifications hotkey (spec 01 §9)'],
  [/API development tools/g, 'the section to look for on my.telegram.org, an English-only site'],
];

/** One token the page itself marks as Latin data (<bdi>, dir="ltr", an LRI/FSI…PDI isolate): a name, an address, a number. */
const ISOLATED_TOKEN = /^[\w.@+:/#*…-]+$/;

/** An id written with a thousands separator ('مقالهٔ ۱٬۰۱۰'): ids take none. */
const GROUPED_ID = /(?:مقالهٔ?|پست|شناسه|عملیات|#)\s*[۰-۹]{1,3}(?:٬[۰-۹]{3})+/;


interface ScreenText { text: string; isolated: string[]; where: string; mirroredHandle: boolean }

let channelSite: ChannelServer;
const suite = adminSuite(async () => {
  channelSite = await startChannelServer();
  return { env: { TELEGRAM_CHANNELS: 'akhbar_rooz', TELEGRAM_WEB_BASE_URL: channelSite.baseUrl, TELEGRAPH_BASE_URL: channelSite.baseUrl, ADMIN_JOB_WAIT_SECONDS: '30' } };
});
afterAll(async () => { await channelSite?.close(); });

/** What an editor meets on the page: visible text nodes, and names/titles/placeholders/values of visible elements. */
function readScreen(page: Page): Promise<ScreenText[]> {
  return page.evaluate(() => {
    const ISOLATE = /[\u2066\u2068]([^\u2066-\u2069]*)\u2069/g;
    const out: ScreenText[] = [];
    const where = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const label = e.getAttribute('aria-label') ?? e.getAttribute('data-label');
        parts.unshift(e.localName + (label ? `[${label}]` : ''));
      }
      return parts.join(' > ');
    };
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
    // Marked as Latin data by the page: a <bdi>, or an element with dir="ltr".
    const latinData = (el: Element) => Boolean(el.closest('bdi, [dir="ltr"]'));
    // A handle reads the right way round inside an isolate whose direction is left to right.
    const handleIsolated = (el: Element, text: string, at: number) => {
      const isolate = el.closest('bdi, [dir]');
      if (isolate && isolate !== document.documentElement && getComputedStyle(isolate).direction === 'ltr') return true;
      const before = text.slice(0, at);
      return before.lastIndexOf('\u2069') < Math.max(before.lastIndexOf('\u2066'), before.lastIndexOf('\u2068'));
    };
    const push = (text: string, el: Element, wholeIsolated: boolean, rendered: boolean) => {
      if (!/[A-Za-z\d٬]/.test(text)) return;
      const isolated = [...text.matchAll(ISOLATE)].map((m) => m[1].trim());
      if (wholeIsolated) isolated.push(text.trim());
      let mirroredHandle = false;
      if (rendered) {
        for (const m of text.matchAll(/(?<![\w.+-])@[A-Za-z]/g)) mirroredHandle ||= !handleIsolated(el, text, m.index);
      }
      out.push({ text, isolated, where: where(el), mirroredHandle });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style, noscript, template, code, kbd, pre') || !visible(el)) continue;
      push(node.textContent ?? '', el, latinData(el), true);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-valuetext], input, textarea')) {
      // Names inside an aria-hidden part are never read out, and it shows no attribute.
      if (!visible(el) || el.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = el.getAttribute(name);
        if (value) push(value, el, false, false);
      }
      // A field's value is read unless the field is marked as Latin data (dir="ltr": an address, a phone number).
      const field = (el instanceof HTMLInputElement && !['hidden', 'password', 'checkbox', 'radio', 'file'].includes(el.type)) || el instanceof HTMLTextAreaElement;
      if (field && !latinData(el)) push((el as HTMLInputElement).value, el, false, false);
    }
    // A closed list's choices are read out and shown when it opens.
    for (const select of document.querySelectorAll('select')) {
      if (!visible(select) || select.closest('[aria-hidden="true"]')) continue;
      for (const option of select.options) push(option.text, select, false, false);
    }
    out.push({ text: document.title, isolated: [], where: 'document.title', mirroredHandle: false });
    return out;
  });
}

/** Everything on the screen as it is now that breaks the rules, one line each. */
async function problems(page: Page, screen: string): Promise<string[]> {
  // Closed <details> (operation logs and reports) are read too: an editor opens them.
  await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
  await shoot(page, `persian-read-${screen.replace(/\W+/g, '-')}`);
  const found: string[] = [];
  for (const { text, isolated, where, mirroredHandle } of await readScreen(page)) {
    const line = `${screen} | ${where} | ${text.trim().slice(0, 140)}`;
    if (mirroredHandle) found.push(`mirrored handle: ${line}`);
    if (GROUPED_ID.test(text)) found.push(`id with a thousands separator: ${line}`);
    let rest = text;
    for (const token of isolated) if (ISOLATED_TOKEN.test(token)) rest = rest.split(token).join(' ');
    for (const [pattern] of ALLOWED_RUNS) rest = rest.replace(pattern, ' ');
    for (const run of rest.match(/[A-Za-z\d][A-Za-z\d_'’-]*/g) ?? []) found.push(`«${run}»: ${line}`);
  }
  return found;
}

async function api(page: Page, method: 'POST' | 'DELETE', path: string, data?: unknown) {
  const { csrfToken } = await (await page.request.get('/api/admin/status')).json() as { csrfToken: string };
  const res = await page.request.fetch(path, { method, data, headers: { 'x-csrf-token': csrfToken } });
  return res.status();
}

const TABS = ['system-monitor', 'generate', 'channels', 'duplicate', 'scanner', 'watermark', 'auto-monitor', 'newsletter', 'comments', 'ignored', 'telegram-auth'];
const PAGES = ['/admin/ignored', '/admin/newsletter', '/admin/sync', '/admin/telegram-auth', '/admin/blocklist', '/admin/content-verification'];

/** Opens a screen and waits until its lists have loaded. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await settled(page);
}

// Each part is a test of its own, with its own time: together they take a minute beside the
// PostgreSQL suites. The first fills every list, log and report the later ones read.
describe('every admin screen reads in Persian: no Latin word or Latin digit outside handles, addresses, file names and code; no handle mirrored', () => {
  let page: Page;
  const visit = async (path: string) => {
    await open(page, path);
    return problems(page, path);
  };

  it('fills the screens, and the checker catches a planted mirrored handle, English word, Latin digit and grouped id', async () => {
    page = await suite.signedIn('/admin');
    suite.keep(page); // the later tests read the screens this one filled
    const { articles } = await (await page.request.get('/api/admin/articles?page=1&limit=5')).json() as AdminArticlesResponse;

    // Content and finished operations, so every list, log and report has something to show:
    // posts ingested, a channel check, a post that is not there, ignored posts processed, a
    // full duplicate scan, the watermark self-test and a check, an article repaired, one
    // deleted (onto the blocklist), a podcast made, the articles' quality scored.
    const db = suite.site.database.db;
    await db.insert(comments).values({ articleId: articles[0].id, authorName: 'مریم', content: 'نظری درباره خبر' });
    await db.insert(newsletterSubscribers).values([{ email: 'reader@example.com', name: 'سارا' }, { email: 'other@example.com', isActive: false }]);
    expect(await api(page, 'POST', '/api/admin/add-2-simple-posts')).toBe(200);
    expect(await api(page, 'POST', '/api/admin/process-from-link', { link: 'https://t.me/akhbar_rooz/99999' })).toBe(200);
    expect(await api(page, 'POST', '/api/admin/ignored-posts/init-sample')).toBe(200);
    expect(await api(page, 'POST', '/api/admin/scan-detailed-duplicates')).toBe(200);
    expect(await api(page, 'POST', '/api/admin/watermark-test')).toBe(200);
    expect(await api(page, 'POST', `/api/admin/verify-watermark/${articles[0].id}`)).toBe(200);
    expect(await api(page, 'POST', `/api/admin/fix-article/${articles[1].id}`)).toBe(200);
    expect(await api(page, 'POST', `/api/admin/articles/${articles[2].id}/podcast`)).toBe(200);
    expect(await api(page, 'DELETE', `/api/admin/articles/${articles[4].id}`)).toBe(200);
    expect(await api(page, 'POST', '/api/admin/verify-articles', { articleIds: [articles[0].id, articles[1].id] })).toBe(200);

    // The checker itself: a planted mirrored handle, English word, Latin digit and grouped id are all caught.
    await open(page, '/admin');
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend',
      '<p id="planted">کانال @planted_news در web-preview، 5 پست، مقالهٔ ۱٬۰۱۰ و <bdi dir="ltr">@isolated_ok</bdi> در <code>SOME code</code></p>'));
    const planted = (await problems(page, 'planted')).filter((line) => line.includes('planted_news'));
    expect(planted.map((line) => line.split(':')[0])).toEqual(['mirrored handle', 'id with a thousands separator', '«web-preview»', '«5»']);
    await page.evaluate(() => document.getElementById('planted')!.remove());
  });

  it('on every tab and page', async () => {
    const found: string[] = [];
    found.push(...await visit('/admin'));
    for (const tab of TABS) found.push(...await visit(`/admin?tab=${tab}`));
    // The operations monitor has something to say: finished runs, one with an error.
    await open(page, '/admin?tab=generate');
    expect(await page.locator('[data-operation-id][data-status="success"]').count()).toBeGreaterThan(3);
    expect(await page.locator('[data-operation-id][data-status="error"]').count()).toBeGreaterThan(0);
    for (const path of PAGES) found.push(...await visit(path));
    expect([...new Set(found)]).toEqual([]);
  });

  it('in what a bulk repair, a check now, a processed ignored post and a duplicate check show', async () => {
    const found: string[] = [];
    // A bulk repair from the sync page: its plan, then the run's results.
    await open(page, '/admin/sync');
    await page.locator('[data-job="fix-all-articles"]').click();
    const plan = page.getByRole('dialog', { name: /^پیش‌نمایش/ });
    await plan.waitFor({ timeout: 30_000 });
    found.push(...await problems(page, 'plan dialog'));
    const run = plan.getByRole('button', { name: /^اجرا روی/ });
    if (await run.isVisible()) {
      await run.click();
      await page.getByTestId('sync-results').waitFor({ timeout: 60_000 });
    } else {
      await plan.getByRole('button', { name: 'بستن' }).click();
    }
    found.push(...await problems(page, 'sync results'));

    // The auto-monitor's check now: its toast and the status line it leaves.
    await open(page, '/admin?tab=auto-monitor');
    await page.getByRole('button', { name: 'بررسی فوری' }).click();
    await expectToast(page, 'بررسی انجام شد');
    found.push(...await problems(page, 'auto-monitor after a check'));

    // An ignored post processed, with its toast.
    await open(page, '/admin/ignored');
    await page.locator('tr[data-ignored-id]').first().getByRole('button', { name: /^پردازش/ }).click();
    // A duplicate asks first.
    const toast = page.locator('ol[aria-label^="اعلان‌ها"] > li');
    await page.locator('[role="alertdialog"], ol[aria-label^="اعلان‌ها"] > li').first().waitFor({ timeout: 30_000 });
    if (await page.getByRole('alertdialog').isVisible()) await page.getByRole('button', { name: 'با این حال پردازش شود' }).click();
    await toast.first().waitFor({ timeout: 30_000 });
    found.push(...await problems(page, 'ignored after processing'));

    // A single duplicate check's result.
    await open(page, '/admin?tab=duplicate');
    await page.getByLabel('شناسه پست', { exact: true }).fill('102');
    await page.getByRole('button', { name: 'بررسی تکراری' }).click();
    await page.getByText('روش تشخیص').waitFor({ timeout: 30_000 });
    found.push(...await problems(page, 'duplicate check result'));
    expect([...new Set(found)]).toEqual([]);
  });

  it('in content verification\'s scores, the sign-in guide, the edit dialog, the login and the 404 page', async () => {
    const found: string[] = [];
    // Content verification's scores for the three example articles (and the rewrites it proposes, if any).
    await open(page, '/admin/content-verification');
    await page.getByRole('button', { name: 'شروع بررسی' }).click();
    await expectToast(page, 'مقاله بررسی شد');
    found.push(...await problems(page, 'content verification results'));

    // The Telegram sign-in page's manual guide, opened.
    await open(page, '/admin/telegram-auth');
    await page.getByRole('button', { name: 'راهنمای ورود دستی' }).click();
    found.push(...await problems(page, 'telegram-auth guide'));

    // The edit dialog of an article.
    await open(page, '/admin');
    await page.locator('table tbody tr').first().getByRole('button', { name: /^ویرایش/ }).click();
    await page.getByRole('dialog').getByLabel('عنوان', { exact: true }).waitFor();
    found.push(...await problems(page, 'edit dialog'));

    // The login screen and the 404 page, signed out.
    const fresh = await suite.openPage();
    await fresh.goto('/admin/login');
    await fresh.getByRole('heading', { name: 'ورود به پنل مدیریت' }).waitFor();
    found.push(...await problems(fresh, '/admin/login'));
    await fresh.goto('/admin/no-such-page');
    await fresh.getByRole('heading', { name: 'صفحه مورد نظر یافت نشد' }).waitFor();
    found.push(...await problems(fresh, '/admin/no-such-page'));

    expect([...new Set(found)]).toEqual([]);
  });
});

describe('the changed screens at 390 and 1280 px, light and dark', () => {
  const CHANGED = ['/admin?tab=system-monitor', '/admin?tab=generate', '/admin?tab=watermark', '/admin?tab=newsletter', '/admin?tab=auto-monitor', '/admin/sync', '/admin/telegram-auth', '/admin/blocklist', '/admin/content-verification'];
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px ${viewport.colorScheme}: no overflow, no serious axe violation, an error toast included`, async () => {
      const page = await suite.signedIn('/admin', viewport);
      const issues: string[] = [];
      const check = async (name: string) => {
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) issues.push(`${name}: ${overflow}px horizontal overflow`);
        for (const v of await seriousAxeViolations(page)) issues.push(`${name}: ${v.id} (${v.impact}) ${v.nodes.join(', ')}`);
        await shoot(page, `persian-${name.replace(/\W+/g, '-')}-${viewport.width}-${viewport.colorScheme}`);
      };
      for (const path of CHANGED) {
        await open(page, path);
        await check(path);
      }
      // An error toast (an article that is not there) over the sync page.
      await open(page, '/admin/sync');
      await page.getByLabel('شناسه مقاله').fill('999999');
      await page.getByRole('button', { name: 'اصلاح مقاله' }).click();
      await page.locator('ol[aria-label^="اعلان‌ها"] > li').first().waitFor();
      await check('error-toast');
      expect(issues).toEqual([]);
    });
  }
});
