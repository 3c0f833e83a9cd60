import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newTelegram, PLAIN, TWO_STEP } from '../apps/server/testing/telegram-auth-test-app.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, VIEWPORTS } from './helpers/admin.ts';
import { shoot } from './helpers/browser.ts';

// The Telegram sign-in page when Telegram does not answer (the error instead of a spinner), when
// the wrong-code cap is reached, and the way back from a mistyped number; each state looked at
// in 390 and 1280 px, light and dark.

const telegram = newTelegram();
const suite = adminSuite({ env: { TELEGRAM_SIGNIN_TIMEOUT_MS: '1000' }, telegramGateway: telegram.factory });

/** Screenshots of the page as it is now at every viewport, with the overflow and axe problems found. */
async function everyViewport(page: Page, name: string): Promise<string[]> {
  // The toasts repeat the step's message on top of it; the page itself is what is looked at here.
  for (const close of await page.getByRole('button', { name: 'بستن اعلان' }).all()) await close.click();
  await page.getByRole('button', { name: 'بستن اعلان' }).first().waitFor({ state: 'detached' });
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ colorScheme: viewport.colorScheme });
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) problems.push(`${name} ${viewport.width}: ${overflow}px horizontal overflow`);
    for (const v of await seriousAxeViolations(page)) problems.push(`${name} ${viewport.width} ${viewport.colorScheme}: ${v.id} ${v.nodes.join(', ')}`);
    await shoot(page, `telegram-${name}-${viewport.width}-${viewport.colorScheme}`);
  }
  return problems;
}

describe('Telegram sign-in page: timeouts, caps and the way back', () => {
  it('shows the timeout instead of spinning, the cap message, and takes a mistyped number back', async () => {
    const page = await suite.signedIn('/admin/telegram-auth');
    await page.getByRole('heading', { name: 'احراز هویت تلگرام', level: 1 }).waitFor();
    const problems: string[] = [];

    // Telegram unreachable: the button stops spinning within the deadline and says why.
    telegram.hang('sendCode');
    await page.getByLabel('شماره تلفن حساب تلگرام').fill(TWO_STEP.phone);
    const send = page.getByRole('button', { name: 'ارسال کد تأیید' });
    await send.click();
    const timeout = page.getByText(/^خطا: تلگرام در ۱ ثانیه پاسخ نداد/);
    await timeout.waitFor({ timeout: 10_000 });
    expect(await send.isEnabled()).toBe(true);
    expect(await timeout.innerText()).toContain('TELEGRAM_PROXY_URL');
    problems.push(...await everyViewport(page, 'timeout'));

    // The "mistyped" number gets its code; five wrong codes, then the cap.
    telegram.answerAgain();
    await page.setViewportSize({ width: 1280, height: 900 });
    await send.click();
    const code = page.getByLabel(/^کد ارسال‌شده/);
    await code.waitFor();
    // The rate-limit warning says from when this number may have another code.
    await page.locator('[data-rate-limit]').getByText(/برای \+\*+2233 درخواست بعدی از/).waitFor();
    for (let i = 0; i < 5; i++) {
      await code.fill('11111');
      await page.getByRole('button', { name: 'تأیید کد' }).click();
      await page.getByText('خطا: کد تأیید اشتباه است. دوباره تلاش کنید.').waitFor();
      await page.getByRole('button', { name: 'تأیید کد' }).and(page.locator(':enabled')).waitFor();
    }
    await code.fill(TWO_STEP.code);
    await page.getByRole('button', { name: 'تأیید کد' }).click();
    await page.getByText(/^خطا: کد تأیید ۵ بار اشتباه وارد شد/).waitFor();
    expect(telegram.callsOf('signIn')).toHaveLength(5);
    problems.push(...await everyViewport(page, 'code-cap'));

    // The way back: the request is cancelled, the number stays to be corrected, another one works.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'شماره را اشتباه وارد کرده‌اید؟' }).click();
    await page.locator('[data-auth-state="phone"]').waitFor();
    const phone = page.getByLabel('شماره تلفن حساب تلگرام');
    expect(await phone.inputValue()).toBe(TWO_STEP.phone);
    expect(await page.locator('[data-rate-limit]').innerText()).toContain('2233');
    problems.push(...await everyViewport(page, 'way-back'));

    await phone.fill(PLAIN.phone);
    await send.click();
    await code.waitFor();
    await code.fill(PLAIN.code);
    await page.getByRole('button', { name: 'تأیید کد' }).click();
    await page.locator('[data-success-card]').waitFor();
    expect(problems).toEqual([]);
  }, 180_000);
});
