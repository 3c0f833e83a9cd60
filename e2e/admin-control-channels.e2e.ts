import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startChannelServer, type ChannelServer } from '../apps/server/testing/channel-server.ts';
import { startFakeOpenAi, type FakeOpenAiServer, type RecordedRequest } from '../apps/server/testing/fake-openai-server.ts';
import { newTelegram, TWO_STEP } from '../apps/server/testing/telegram-auth-test-app.ts';
import { startSite } from './harness.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, signIn, VIEWPORTS } from './helpers/admin.ts';
import { shoot } from './helpers/browser.ts';

// The control room's channels, auto-monitor, system monitor and Telegram sign-in, against a
// local channel site (t.me), a fake OpenAI-compatible endpoint and the in-memory Telegram.

let channelSite: ChannelServer;
let ai: FakeOpenAiServer;
const telegram = newTelegram();

/** Answers the health probe's question right, as a working model does. */
function rightAnswer(body: RecordedRequest['body']): string {
  const question = body.messages?.at(-1)?.content ?? '';
  const [, a, b] = /Add (\d+) and (\d+)/.exec(question) ?? [];
  const [, token] = /"echo": "([0-9a-f]+)"/.exec(question) ?? [];
  return JSON.stringify({ sum: Number(a) + Number(b), echo: token });
}

const suite = adminSuite(async () => {
  channelSite = await startChannelServer();
  ai = await startFakeOpenAi();
  ai.script({ respond: rightAnswer });
  return {
    // The monitor runs, as on a new site (the auto-monitor test starts from it); hourly, so a
    // scheduled check is unlikely to run in the middle of the test.
    env: { MONITOR_AUTOSTART: 'true', MONITOR_INTERVAL_MINUTES: '60', TELEGRAM_WEB_BASE_URL: channelSite.baseUrl, AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'e2e-key', AI_MODEL: 'e2e-model', AI_TIMEOUT_MS: '5000' },
    telegramGateway: telegram.factory,
  };
});
afterAll(async () => {
  await ai?.close().catch(() => undefined);
  await channelSite?.close();
});

const statValue = (root: Page | Locator, label: string) => root.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

interface MonitorStatusBody {
  nextCheck: string | null;
}

/** The monitor's next scheduled check (while it runs), as the status API gives it. */
async function nextScheduledCheck(page: Page): Promise<number | null> {
  const { nextCheck } = (await (await page.request.get(new URL('/api/admin/auto-monitor/status', page.url()).href)).json()) as MonitorStatusBody;
  return nextCheck ? Date.parse(nextCheck) : null;
}

/**
 * With the monitor stopped, lets a scheduled check due within `marginMs` (the schedule fires at
 * the top of the hour) come and go: a stopped monitor's scheduled check does nothing. A test
 * counting what its own check finds must not let one run first: it would take the fixture
 * channel's posts without the offline rewriter, leave those the fake AI cannot rewrite failed,
 * and the test's check would retry them (CI, twice at the top of the hour: 0 new, 9 processed).
 * The scheduler may start a due job up to about half a minute late, so the wait runs a minute past.
 */
async function letTheScheduleGoBy(due: number | null, marginMs: number): Promise<void> {
  if (due === null || due - Date.now() > marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + 60_000 - Date.now())));
}

async function openTab(page: Page, tab: string, heading: string) {
  await page.goto(`/admin?tab=${tab}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

async function activeOnMonitor(page: Page): Promise<string> {
  await openTab(page, 'auto-monitor', 'پایش خودکار');
  return (await statValue(page.locator('dl[aria-label="آمار پایش خودکار"]'), 'کانال‌های فعال').innerText()).trim();
}

describe('channels tab', () => {
  it('adds, edits, disables and enables channels; the monitor\'s active count follows', async () => {
    const page = await suite.signedIn('/admin?tab=channels');
    await page.getByRole('heading', { name: 'کانال‌ها', exact: true }).waitFor();
    // The demo newsroom's sample channel is listed, switched off; nothing is monitored yet.
    const demo = page.locator('[data-channel="chapar_demo"]');
    await demo.waitFor();
    expect(await demo.innerText()).toContain('کانال نمونه');
    expect(await demo.innerText()).toContain('غیرفعال');
    expect(await activeOnMonitor(page)).toBe('۰');

    // Add: a bad name is refused in Persian, then the channel is added as the primary.
    await openTab(page, 'channels', 'کانال‌ها');
    await page.getByRole('button', { name: 'افزودن کانال' }).click();
    const dialog = page.getByRole('dialog', { name: 'افزودن کانال' });
    await dialog.getByLabel('نام کاربری کانال').fill('ab!');
    await dialog.getByRole('button', { name: 'افزودن کانال' }).click();
    await dialog.getByText('نام کانال باید ۵ تا ۳۲ نویسه').waitFor();
    await dialog.getByLabel('نام کاربری کانال').fill('https://t.me/akhbar_rooz');
    await dialog.getByLabel('عنوان').fill('اخبار روز');
    await dialog.getByRole('combobox', { name: 'نقش' }).click();
    await page.getByRole('option', { name: 'کانال اصلی' }).click();
    await dialog.getByRole('button', { name: 'افزودن کانال' }).click();
    await dialog.waitFor({ state: 'detached' });
    const primary = page.locator('[data-channel="akhbar_rooz"]');
    await primary.getByRole('heading', { name: 'اخبار روز' }).waitFor();
    expect(await primary.innerText()).toContain('کانال اصلی');
    expect(await primary.innerText()).toContain('فعال');

    // A second one; the same name twice is refused by the server, with its message.
    await page.getByRole('button', { name: 'افزودن کانال' }).click();
    await dialog.getByLabel('نام کاربری کانال').fill('@AKHBAR_ROOZ');
    await dialog.getByRole('button', { name: 'افزودن کانال' }).click();
    await page.getByText('کانال \u2066@AKHBAR_ROOZ\u2069 از قبل در فهرست هست').first().waitFor();
    await dialog.getByLabel('نام کاربری کانال').fill('khabar_dovom');
    await dialog.getByRole('button', { name: 'افزودن کانال' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-channel="khabar_dovom"]').waitFor();
    expect(await activeOnMonitor(page)).toBe('۲');

    // Edit: title and cleaning rules; a broken pattern is refused before it is sent.
    await openTab(page, 'channels', 'کانال‌ها');
    await page.getByRole('button', { name: 'ویرایش کانال @akhbar_rooz' }).click();
    const edit = page.getByRole('dialog', { name: 'ویرایش کانال \u2066@akhbar_rooz\u2069' });
    await edit.getByLabel('عنوان').fill('اخبار روز (ویرایش)');
    const signatures = edit.getByLabel('امضاهای کانال (سطرهای حذفی)');
    await signatures.fill(`${await signatures.inputValue()}\nکانال اخبار روز`);
    await edit.getByLabel('الگوهای «عضو شوید» (عبارت باقاعده)').fill('(unclosed');
    await edit.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await edit.getByText('الگوی «\u2066(unclosed\u2069» یک عبارت باقاعده معتبر نیست').waitFor();
    await edit.getByLabel('الگوهای «عضو شوید» (عبارت باقاعده)').fill('به\\s*ما\\s*بپیوندید');
    await edit.getByRole('button', { name: 'ذخیره تغییرات' }).click();
    await edit.waitFor({ state: 'detached' });
    await primary.getByRole('heading', { name: 'اخبار روز (ویرایش)' }).waitFor();
    const stored = await page.evaluate(async () => (await (await fetch('/api/admin/channels')).json()) as { channels: Array<{ username: string; cleaningRules: { signatures: string[]; joinPatterns: string[] } }> });
    const rules = stored.channels.find((c) => c.username === 'akhbar_rooz')!.cleaningRules;
    expect(rules.signatures).toContain('کانال اخبار روز');
    expect(rules.joinPatterns).toEqual(['به\\s*ما\\s*بپیوندید']);

    // Disable (confirmed) and enable: the monitor follows each time.
    await page.getByRole('button', { name: 'غیرفعال کردن کانال @khabar_dovom' }).click();
    await page.getByRole('alertdialog', { name: 'غیرفعال کردن کانال' }).getByRole('button', { name: 'غیرفعال کردن' }).click();
    await page.locator('[data-channel="khabar_dovom"]').getByText('غیرفعال', { exact: true }).waitFor();
    expect(await activeOnMonitor(page)).toBe('۱');
    await openTab(page, 'channels', 'کانال‌ها');
    await page.getByRole('button', { name: 'فعال کردن کانال @khabar_dovom' }).click();
    await page.getByRole('button', { name: 'غیرفعال کردن کانال @khabar_dovom' }).waitFor();
    expect(await activeOnMonitor(page)).toBe('۲');

    // Validate: the real channel is reachable, the made-up one is not.
    await openTab(page, 'channels', 'کانال‌ها');
    await page.getByRole('button', { name: 'اعتبارسنجی' }).click();
    await page.locator('[data-channel="akhbar_rooz"]').getByText(/^در دسترس؛/).waitFor({ timeout: 30_000 });
    await page.locator('[data-channel="khabar_dovom"]').getByText(/^در دسترس نیست:/).waitFor();

    // Export: a JSON file with both channels.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'خروجی', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^channels-\d{4}-\d{2}-\d{2}\.json$/);
  });
});

describe('auto-monitor tab', () => {
  it('stops, starts, counts down and checks now; the last check lists its errors', async () => {
    const page = await suite.signedIn('/admin?tab=auto-monitor');
    await page.getByRole('heading', { name: 'پایش خودکار', exact: true }).waitFor();
    const state = page.locator('[data-monitor-state]');
    expect(await state.getAttribute('data-monitor-state')).toBe('active');
    const countdown = page.locator('[data-countdown] time');
    const first = await countdown.innerText();
    expect(first).toMatch(/^([۰-۹]:)?[۰-۹]{2}:[۰-۹]{2}$/);
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(first);

    const due = await nextScheduledCheck(page);
    await page.getByRole('button', { name: 'توقف پایش' }).click();
    await page.locator('[data-monitor-state="stopped"]').waitFor();
    await page.locator('[data-countdown]').getByText('پایش متوقف است').waitFor();
    // This check's counts are its own: a scheduled check due before it ends finds the monitor stopped.
    await letTheScheduleGoBy(due, 150_000);
    await page.getByRole('button', { name: 'شروع پایش' }).click();
    await page.locator('[data-monitor-state="active"]').waitFor();
    await countdown.waitFor();

    await page.getByRole('button', { name: 'بررسی فوری' }).click();
    await page.getByRole('button', { name: 'در حال بررسی…' }).waitFor();
    await page.getByRole('button', { name: 'بررسی فوری' }).waitFor({ timeout: 120_000 });
    // The card is this check's: the made-up channel is its error, and what was new was processed
    // (the fixture channel's 18 posts, unless a scheduled check at the top of the hour got them first).
    const card = page.locator('[data-last-check]');
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain('@khabar_dovom');
    const newPosts = (await statValue(card, 'پست‌های جدید').innerText()).trim();
    expect(['۱۸', '۰']).toContain(newPosts);
    expect((await statValue(card, 'پردازش‌شده').innerText()).trim()).toBe(newPosts);
    expect((await statValue(page.locator('dl[aria-label="آمار پایش خودکار"]'), 'پست‌های جدید').innerText()).trim()).toBe(newPosts);
    // Checking now does not change whether the monitor runs.
    expect(await state.getAttribute('data-monitor-state')).toBe('active');
  }, 600_000);
});

describe('system monitor tab', () => {
  it('shows every service; the AI service turns inactive when its server stops; charts of the last hour', async () => {
    const page = await suite.signedIn('/admin?tab=system-monitor');
    await page.getByRole('heading', { name: 'پایش سیستم', exact: true }).waitFor();
    for (const id of ['database', 'ai', 'speech', 'storage', 'channel:primary', 'channel:secondary']) {
      await page.locator(`[data-service="${id}"]`).waitFor();
    }
    expect(await page.locator('[data-service="channel:primary"]').innerText()).toContain('@akhbar_rooz');
    await page.locator('[data-service="ai"] [data-status="healthy"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-service="database"]').innerText()).toMatch(/میلی‌ثانیه/);
    await page.locator('[data-history-charts] svg.recharts-surface').first().waitFor({ timeout: 20_000 });

    await ai.close();
    await page.getByRole('button', { name: 'بازخوانی', exact: true }).click();
    const aiCard = page.locator('[data-service="ai"]');
    await aiCard.locator('[data-status="down"]').waitFor({ timeout: 60_000 });
    expect(await aiCard.innerText()).toContain('غیرفعال');
    expect(await aiCard.locator('[data-service-error]').innerText()).not.toBe('');
    expect(await page.locator('[data-overall]').getAttribute('data-overall')).toBe('degraded');
  }, 120_000);
});

describe('channels tab: sync all', () => {
  it('checks every active channel and reports the outcome, the unreachable channel by name', async () => {
    const page = await suite.signedIn('/admin?tab=channels');
    await page.getByRole('heading', { name: 'کانال‌ها', exact: true }).waitFor();
    await page.getByRole('button', { name: 'همگام‌سازی همه' }).click();
    const result = page.locator('[data-sync-result]');
    await result.waitFor({ timeout: 120_000 });
    expect(await result.getAttribute('data-sync-result')).toBe('error');
    expect(await result.innerText()).toContain('@khabar_dovom');
    // Nothing new since the check above: the fixture channel still has its 18 posts.
    expect((await page.locator('[data-channel="akhbar_rooz"] [data-field="posts"]').innerText()).trim()).toBe('۱۸');
    await shoot(page, 'channels-sync-1280');
  }, 180_000);
});

describe('Telegram sign-in page', () => {
  it('walks phone, code (wrong, then right), two-step password and shows the success card', async () => {
    const page = await suite.signedIn('/admin/telegram-auth');
    await page.getByRole('heading', { name: 'احراز هویت تلگرام', level: 1 }).waitFor();
    await page.getByText('حساب تلگرام سایت وصل نیست').waitFor();
    await page.locator('[data-rate-limit]').getByText('فقط هر ۲۲ ساعت یک بار').waitFor();
    await page.getByRole('button', { name: 'راهنمای ورود دستی' }).click();
    await page.getByText('API development tools').waitFor();

    await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
    await page.getByText('خطا: لطفاً شماره تلفن را وارد کنید').waitFor();
    await page.getByLabel('شماره تلفن حساب تلگرام').fill('+98 935 111 2233');
    await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
    const code = page.getByLabel(/^کد ارسال‌شده/);
    await code.waitFor();
    await page.locator('[data-auth-state="code"]').waitFor();
    await page.locator('[data-rate-limit]').getByText('درخواست بعدی از').waitFor();

    // Five digits exactly; Persian digits are typed as they are on a Persian keyboard.
    await code.fill('۵۴۳۲');
    expect(await page.getByRole('button', { name: 'تأیید کد' }).isDisabled()).toBe(true);
    await code.fill('11111');
    await page.getByRole('button', { name: 'تأیید کد' }).click();
    await page.getByText('خطا: کد تأیید اشتباه است. دوباره تلاش کنید.').waitFor();
    // Resend within 22 hours: refused, with the time from when it is allowed.
    await page.getByRole('button', { name: 'ارسال دوباره کد' }).click();
    await page.getByText(/^خطا: کد تأیید برای هر شماره فقط هر ۲۲ ساعت یک بار/).waitFor();
    await code.fill('۵۴۳۲۱');
    await page.getByRole('button', { name: 'تأیید کد' }).click();

    const password = page.getByLabel('رمز تأیید دومرحله‌ای');
    await password.waitFor();
    await password.fill('اشتباه');
    await page.getByRole('button', { name: 'تأیید رمز' }).click();
    await page.getByText('خطا: رمز دومرحله‌ای اشتباه است. دوباره تلاش کنید.').waitFor();
    await password.fill(TWO_STEP.password!);
    await page.getByRole('button', { name: 'تأیید رمز' }).click();
    const success = page.locator('[data-success-card]');
    await success.waitFor();
    expect(await success.innerText()).toContain('مریم');
    expect(await success.innerText()).toContain('2233');
    await page.locator('[data-auth-state="authenticated"]').waitFor();
    expect(telegram.callsOf('checkPassword')).toHaveLength(2);
    await shoot(page, 'telegram-success-1280');

    // A second tab sees the login through the 2 s poll.
    const other = await suite.signedIn('/admin?tab=telegram-auth');
    await other.locator('[data-success-card]').waitFor();

    await page.getByRole('button', { name: 'خروج از تلگرام' }).click();
    await page.getByText('حساب تلگرام سایت وصل نیست').waitFor();
    await other.getByText('حساب تلگرام سایت وصل نیست').waitFor({ timeout: 10_000 });
  }, 120_000);
});

describe('every screen at 390 and 1280 px, light and dark', () => {
  const screens = [
    { path: '/admin?tab=channels', heading: 'کانال‌ها' },
    { path: '/admin?tab=auto-monitor', heading: 'پایش خودکار' },
    { path: '/admin?tab=system-monitor', heading: 'پایش سیستم' },
    { path: '/admin?tab=telegram-auth', heading: 'احراز هویت تلگرام' },
    { path: '/admin/telegram-auth', heading: 'احراز هویت تلگرام' },
  ];
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px ${viewport.colorScheme}: no horizontal overflow, no serious axe violation`, async () => {
      const page = await suite.signedIn('/admin', viewport);
      const problems: string[] = [];
      for (const { path, heading } of screens) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        if (path.includes('system-monitor')) await page.locator('[data-service="database"]').waitFor({ timeout: 60_000 });
        await settled(page);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${path}: ${overflow}px horizontal overflow`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.join(', ')}`);
        const name = path.replace(/[^a-z-]+/g, '_');
        await shoot(page, `${name}-${viewport.width}-${viewport.colorScheme}`);
        if (path.endsWith('channels')) {
          // The edit dialog with the cleaning rules.
          await page.getByRole('button', { name: 'ویرایش کانال @akhbar_rooz' }).click();
          const dialog = page.getByRole('dialog', { name: 'ویرایش کانال \u2066@akhbar_rooz\u2069' });
          await dialog.getByLabel('امضاهای کانال (سطرهای حذفی)').waitFor();
          for (const v of await seriousAxeViolations(page)) problems.push(`${path} (edit dialog): ${v.id} (${v.impact}) ${v.nodes.join(', ')}`);
          await shoot(page, `channel-dialog-${viewport.width}-${viewport.colorScheme}`, { fullPage: false });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      expect(problems).toEqual([]);
    }, 180_000);
  }
});

describe('without TELEGRAM_API_ID and TELEGRAM_API_HASH', () => {
  it('the sign-in page says what to set instead of failing', async () => {
    const site = await startSite();
    try {
      const context = await site.browser.newContext({ baseURL: site.baseUrl, locale: 'fa-IR', viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await signIn(page, '/admin/telegram-auth');
      const box = page.locator('[data-not-configured]');
      await box.waitFor();
      expect(await box.innerText()).toContain('TELEGRAM_API_ID');
      expect(await box.innerText()).toContain('TELEGRAM_API_HASH');
      expect(await page.getByRole('button', { name: 'ارسال کد تأیید' }).count()).toBe(0);
      await shoot(page, 'telegram-not-configured-390');
      await context.close();
    } finally {
      await site.close();
    }
  }, 120_000);
});
