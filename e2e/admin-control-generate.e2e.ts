import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { handle, toPersianDigits } from '@chapar/shared/text';
import { startChannelServer, type ChannelServer } from '../apps/server/testing/channel-server.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS } from './helpers/admin.ts';
import { shoot } from './helpers/browser.ts';

// The control room's generate and watermark tabs, the sync page and the operations every
// admin tab sees, against a local channel site standing in for t.me.

let channelSite: ChannelServer;
const suite = adminSuite(async () => {
  channelSite = await startChannelServer();
  return {
    env: {
      TELEGRAM_CHANNELS: 'akhbar_rooz', TELEGRAM_WEB_BASE_URL: channelSite.baseUrl, TELEGRAPH_BASE_URL: channelSite.baseUrl,
      ADMIN_JOB_WAIT_SECONDS: '20',
    },
  };
});
afterAll(async () => { await channelSite?.close(); });

/** The newest operation of a kind in the monitor. */
const operation = (page: Page, label: string) => page.locator('[data-operation-id]', { has: page.getByRole('heading', { name: label, exact: true }) }).first();

describe('generate tab', () => {
  it('runs a quick content job to success with its report, seen in a second tab too', async () => {
    const page = await suite.signedIn('/admin?tab=generate');
    await page.getByRole('heading', { name: 'پایش عملیات' }).waitFor();
    const other = await suite.signedIn('/admin?tab=generate', VIEWPORTS[0]);
    await other.getByRole('heading', { name: 'پایش عملیات' }).waitFor();
    expect(await operation(other, 'افزودن ۲ خبر ساده').count()).toBe(0);

    await page.locator('[data-job="add-2-simple-posts"]').click();
    const op = operation(page, 'افزودن ۲ خبر ساده');
    await op.waitFor();
    // The other tab sees it within a poll or two.
    const started = Date.now();
    await operation(other, 'افزودن ۲ خبر ساده').waitFor({ timeout: 6_000 });
    expect(Date.now() - started).toBeLessThan(6_000);

    await page.locator('[data-operation-id][data-status="success"]', { has: page.getByRole('heading', { name: 'افزودن ۲ خبر ساده', exact: true }) }).waitFor({ timeout: 30_000 });
    expect(await op.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await op.locator('summary').click();
    const report = await op.innerText();
    expect(report).toMatch(/akhbar_rooz\/\d+/);
    expect(report).toContain('منتشرشده');
    // The success toast carries the server's message.
    await page.getByText(/مقاله منتشرشده از/).first().waitFor();
    // The other tab sees the end too, and a reload keeps it.
    await other.locator('[data-operation-id][data-status="success"]').first().waitFor({ timeout: 6_000 });
    await other.reload();
    await operation(other, 'افزودن ۲ خبر ساده').waitFor();
  });

  it('asks for a range in a dialog and refuses a bad one with the spec\'s message', async () => {
    const page = await suite.signedIn('/admin?tab=generate');
    await page.getByRole('button', { name: 'پردازش بازه' }).click();
    const dialog = page.getByRole('dialog', { name: 'پردازش بازه پست‌ها' });
    await dialog.waitFor();
    await dialog.getByLabel('بازه (شروع-پایان)').fill('120-100');
    await dialog.getByRole('button', { name: 'پردازش بازه' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'بازه باید به صورت شروع-پایان باشد' }).waitFor();
    await dialog.getByLabel('بازه (شروع-پایان)').fill('صد تا دویست');
    await dialog.getByRole('button', { name: 'پردازش بازه' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'بازه باید به صورت شروع-پایان باشد' }).waitFor();
    await dialog.getByLabel('بازه (شروع-پایان)').fill('1-500');
    await dialog.getByRole('button', { name: 'پردازش بازه' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'حداکثر ۱۰۰ پست در هر بازه' }).waitFor();
    // A good range goes to the server and is followed in the monitor.
    await dialog.getByLabel('بازه (شروع-پایان)').fill('۱۰۶-۱۰۷');
    await dialog.getByRole('button', { name: 'پردازش بازه' }).click();
    await dialog.waitFor({ state: 'detached' });
    const op = operation(page, 'پردازش بازه پست‌ها');
    await op.waitFor();
    await page.waitForFunction(() => {
      const el = [...document.querySelectorAll('[data-operation-id]')].find((e) => e.textContent?.includes('پردازش بازه پست‌ها'));
      return el && ['success', 'partial', 'error'].includes(el.getAttribute('data-status') ?? '');
    }, undefined, { timeout: 30_000 });

    // A single post by its address, in a dialog too.
    await page.getByRole('button', { name: 'تک پست با نشانی' }).click();
    const single = page.getByRole('dialog', { name: 'پردازش تک پست' });
    await single.getByLabel('نشانی پست').fill('not a link');
    await single.getByRole('button', { name: 'پردازش', exact: true }).click();
    await single.getByRole('alert').filter({ hasText: 'فرمت لینک تلگرام صحیح نیست' }).waitFor();
    await single.getByRole('button', { name: 'انصراف' }).click();

    // The link form: required, then the format.
    await page.getByRole('button', { name: 'پردازش پست' }).click();
    await page.getByText('لطفاً لینک تلگرام را وارد کنید').waitFor();
  });

  it('cancels a long repair preview: its bar moves, then it stops as cancelled with nothing changed', { timeout: 150_000 }, async () => {
    const db = suite.site.database.raw;
    await db.query(`insert into articles (slug, title, excerpt, content, published_at)
      select 'bulk-' || g, 'خبر انبوه ' || g, '', '<p>متن خبر انبوه شماره ' || g || ' با جزئیات کامل برای آزمون عملیات طولانی.</p>', now() - interval '30 days' - (g || ' minutes')::interval
      from generate_series(1, 40000) g`);
    const emptyExcerpts = async () => Number((await db.query<{ n: string }>(`select count(*) as n from articles where slug like 'bulk-%' and excerpt = ''`)).rows[0].n);
    const page = await suite.signedIn('/admin?tab=generate');
    // A text repair's preview works out each article's change before asking: over 40,000 it takes a while, with a bar.
    await page.locator('[data-job="fix-excerpts"]').click();
    const op = operation(page, 'اصلاح خلاصه‌ها');
    await op.waitFor();
    await page.waitForFunction(() => {
      const el = [...document.querySelectorAll('[data-operation-id]')].find((e) => e.textContent?.includes('اصلاح خلاصه‌ها'));
      return Number(el?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 0) >= 2;
    }, undefined, { timeout: 90_000, polling: 100 });
    await op.getByRole('button', { name: /لغو/ }).click();
    const cancelled = page.locator('[data-operation-id][data-status="cancelled"]', { has: page.getByRole('heading', { name: 'اصلاح خلاصه‌ها', exact: true }) });
    await cancelled.waitFor({ timeout: 20_000 });
    // It stopped part way: it says why, and it never reached a plan to confirm.
    await cancelled.getByText('عملیات به درخواست مدیر لغو شد').first().waitFor();
    expect(await page.getByTestId('plan-dialog').count()).toBe(0);
    // A preview writes nothing: every excerpt is as it was, there is nothing to undo, and clearing removes it.
    expect(await emptyExcerpts()).toBe(40000);
    expect(await cancelled.getByRole('button', { name: /بازگردانی/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'پاک کردن پایان‌یافته‌ها' }).click();
    await cancelled.waitFor({ state: 'detached' });
  });
});

describe('the article page\'s admin tools', () => {
  it('re-processing the image shows the server\'s own steps as they happen', async () => {
    const { rows } = await suite.site.database.raw.query<{ id: number; telegram_id: number }>(
      `select id, telegram_id from articles where source = 'akhbar_rooz' order by id limit 1`);
    expect(rows.length).toBe(1);
    const page = await suite.signedIn('/admin');
    await page.goto(`/article/${rows[0].id}`);
    const panel = page.getByRole('region', { name: 'ابزار مدیریت' });
    await panel.getByRole('button', { name: 'پردازش دوباره تصویر' }).click();
    const dialog = page.getByRole('dialog', { name: 'پردازش دوباره تصویر' });
    // A line the server logged for this run, not a fixed label.
    await dialog.locator('li[data-status]', { hasText: `خواندن پست ${toPersianDigits(rows[0].telegram_id)} از ${handle('akhbar_rooz')} در تلگرام` }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('progressbar').waitFor();
  });
});

describe('watermark tab', () => {
  it('runs the system test and shows an uploaded image beside its marked copy', async () => {
    const page = await suite.signedIn('/admin?tab=watermark');
    await page.getByRole('heading', { name: 'آزمون سامانه' }).waitFor();
    await page.getByRole('button', { name: 'اجرای آزمون واترمارک' }).click();
    await page.locator('[data-testid="watermark-test-result"][data-status="success"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('watermark-test-result').innerText()).toContain('واترمارک تصویر درست اعمال شد');
    await page.getByRole('img', { name: 'تصویر نمونه واترمارک‌شده' }).waitFor();
    // The new media status counts what is stored, the test image included.
    const status = page.getByTestId('media-status');
    await status.getByRole('list', { name: 'تازه‌ترین رسانه‌ها' }).waitFor();
    expect(await status.innerText()).toContain('واترمارک‌دار');

    // Per-article tools need a number.
    await page.getByRole('button', { name: 'واترمارک یک مقاله', exact: true }).click();
    await page.getByText('لطفاً شماره مقاله را وارد کنید').waitFor();

    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#1d4e89' } }).png().toBuffer();
    await page.getByLabel('تصویر آزمایشی').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'آزمون واترمارک', exact: true }).click();
    const preview = page.getByTestId('watermark-preview');
    await preview.waitFor({ timeout: 30_000 });
    const sources = await preview.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.slice(0, 30)));
    expect(sources).toHaveLength(2);
    expect(await preview.innerText()).toContain('واترمارک در گوشه پایین راست تصویر اعمال شد');
    const [original, marked] = await preview.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(original).not.toBe(marked);
  });
});

// Every card runs in a test of its own, on one page, so each has its own time and a failure names its card.
describe('sync page: runs every card and shows each result', () => {
  let page: Page;
  const runAndWait = async (click: () => Promise<void>, title: RegExp | string, asks = false) => {
    const results = page.getByTestId('sync-results');
    await click();
    if (asks) {
      // A card that may change many articles shows its plan first; the run answers after the confirmation.
      // A plan with nothing to change has ended: it says so (or, when it could check nothing, that it
      // failed and why: the demo channel is not on the local channel site), and «بستن» is all it offers.
      const plan = page.getByTestId('plan-dialog');
      const run = plan.getByRole('button', { name: /^اجرا روی/ });
      const close = plan.getByRole('button', { name: 'بستن', exact: true }).filter({ hasText: 'بستن' });
      await run.or(close).first().waitFor({ timeout: 90_000 });
      if (await close.isVisible()) {
        const text = await plan.innerText();
        expect(text).toMatch(/تغییری لازم نیست|چیزی تغییر نمی‌کند|بررسی ناموفق بود؛ [^]*چیزی تغییر نکرد[^]*دلیل: /);
        await close.click();
        await plan.waitFor({ state: 'detached' });
        return text;
      }
      await run.click();
    }
    await results.getByRole('heading', { name: title }).waitFor({ timeout: 90_000 });
    return results.innerText();
  };

  it('syncs one post by its link, then repairs one article picked from the latest', async () => {
    page = await suite.signedIn('/admin/sync');
    suite.keep(page); // every card's test after this one runs on it
    await page.getByRole('heading', { name: 'همگام‌سازی و اصلاح', level: 1 }).waitFor();
    // 1. One post by its link (an empty link is refused first).
    await page.getByRole('button', { name: 'همگام‌سازی پست' }).click();
    await page.getByText('لطفاً لینک تلگرام را وارد کنید').waitFor();
    await page.getByLabel('لینک پست کانال').fill(`${channelSite.baseUrl}/akhbar_rooz/112`);
    expect(await runAndWait(() => page.getByRole('button', { name: 'همگام‌سازی پست' }).click(), 'نتیجه: همگام‌سازی تک پست')).toMatch(/مقاله ساخته شد|به‌روز شد/);
    // 2. One article picked from the latest: 20 read, 10 shown.
    const picker = page.getByRole('list', { name: 'انتخاب مقاله' });
    await picker.getByRole('button').first().waitFor();
    expect(await picker.getByRole('button').count()).toBe(10);
    await picker.getByRole('button').first().click();
    const id = await page.getByLabel('شناسه مقاله').inputValue();
    expect(Number(id)).toBeGreaterThan(0);
    await runAndWait(() => page.getByRole('button', { name: 'اصلاح مقاله', exact: true }).click(), /^نتیجه: اصلاح مقاله/);
  });

  // 3–12: each card's job (its Persian name beside it).
  const cards: Array<[string, string]> = [
    ['precise-telegram-sync', 'همگام‌سازی دقیق'], ['fix-all-articles', 'اصلاح همه مقاله‌ها'], ['smart-media-match', 'تطبیق هوشمند'],
    ['fix-all-media-matching', 'اصلاح تطبیق همه رسانه‌ها'], ['comprehensive-media-sync', 'همگام‌سازی جامع'], ['migrate-videos', 'انتقال به فضای ذخیره‌سازی سایت'],
    ['auto-embed-videos', 'جاسازی خودکار'], ['fix-all-videos', 'اصلاح همه ویدیوها'], ['fix-video-duplicates', 'حذف ویدیوهای تکراری'],
    ['rewrite-recent', 'اصلاح و بازنویسی ۲۰ مقاله آخر'],
  ];
  for (const [job] of cards) {
    it(`runs the ${job} card and shows its result`, async () => {
      const button = page.locator(`[data-job="${job}"]`);
      const label = (await button.innerText()).trim();
      const text = await runAndWait(() => button.click(), `نتیجه: ${label}`, true);
      expect(text, job).toMatch(/کل|تغییری لازم نیست|چیزی تغییر نمی‌کند|چیزی تغییر نکرد/);
    });
  }
});

// One test per screen, size and theme: the three screens in one test took 8 s on an idle machine
// and 52 s once beside the PostgreSQL suites.
describe('screens at 390 and 1280 px, light and dark', () => {
  for (const viewport of VIEWPORTS) {
    // One page for the size and theme, as before.
    let page: Page | undefined;
    for (const [name, path, heading] of [
      ['generate', '/admin?tab=generate', 'پایش عملیات'],
      ['watermark', '/admin?tab=watermark', 'آزمون سامانه'],
      ['sync', '/admin/sync', 'همگام‌سازی و اصلاح'],
    ] as const) {
      it(`${name} at ${viewport.width} px ${viewport.colorScheme}: no overflow, no serious axe violation`, async () => {
        if (page) await page.goto(path);
        else {
          page = await suite.signedIn(path, viewport);
          suite.keep(page);
        }
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await settled(page);
        const problems: string[] = [];
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${name}: ${overflow}px overflow`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${name}: ${v.id} ${v.help} ${v.nodes.join(', ')}`);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await shoot(page, `${name}-${viewport.width}-${viewport.colorScheme}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
