// The newsletter's mail through the screens, against a real SMTP server started here: the public
// signup's answer, the confirmation and unsubscribe pages a mail's links open, and the admin
// newsletter page (schedule, preview, send now, the sends and their failures), at 390 and 1280 px,
// light and dark, with no serious axe violation and nothing wider than the screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { articles } from '@chapar/db';
import { addRankedArticles, addSubscriber } from '../apps/server/testing/newsletter-test-app.ts';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../apps/server/testing/smtp-test-server.ts';
import { E2E_ADMIN } from './harness.ts';
import { expectToast, shoot } from './helpers/browser.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, signIn, VIEWPORTS, type Viewport } from './helpers/admin.ts';

let smtp: SmtpTestServer;
const suite = adminSuite(async () => {
  smtp = await startSmtpTestServer();
  return { env: { SMTP_URL: smtp.url, MAIL_FROM: 'چاپار <news@chapar.test>', MAIL_TIMEOUT_MS: '5000', MAIL_MAX_PER_MINUTE: '6000' } };
});

const name = (v: Viewport) => `${v.width}-${v.colorScheme}`;
/** A link from a mail, opened on this site (the mail's own host is PUBLIC_BASE_URL's). */
function linkIn(mail: ReceivedMail, path: string): string {
  const found = (mail.parsed.text ?? '').match(new RegExp(`https?://[^\\s/]+${path}\\?token=\\S+`));
  if (!found) throw new Error(`no ${path} link in the mail`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}
async function checkScreen(page: Page, label: string) {
  expect(await seriousAxeViolations(page), label).toEqual([]);
  expect(await horizontalOverflow(page), label).toBe(0);
}
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  await expect.poll(() => smtp.to(address).filter((m) => subject.test(m.parsed.subject ?? '')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return smtp.to(address).filter((m) => subject.test(m.parsed.subject ?? ''))[0];
}

describe('public signup and the pages its mail opens', () => {
  it('answers that the signup waits for its link; the link page confirms only from its button', async () => {
    const page = await suite.openPage(VIEWPORTS[0]);
    await page.goto('/');
    const box = page.locator('section[aria-labelledby="newsletter-heading"]');
    await box.getByLabel('ایمیل').fill('reader@example.com');
    await box.getByRole('button', { name: 'عضویت' }).click();
    await expectToast(page, 'ایمیل خود را ببینید');
    await box.locator('[data-newsletter-pending]').waitFor();
    expect(await box.locator('[data-newsletter-pending] bdi').innerText()).toBe('reader@example.com');
    await box.scrollIntoViewIfNeeded();
    await shoot(box, 'signup-answer-390-light');

    const link = linkIn(await mailTo('reader@example.com', /^تأیید عضویت/), '/newsletter/confirm');
    expect(link).toContain('confirm');
    for (const v of VIEWPORTS) {
      const view = await suite.openPage(v);
      await view.goto(link);
      await view.getByRole('heading', { name: 'تأیید عضویت در خبرنامه' }).waitFor();
      await checkScreen(view, `confirm ${name(v)}`);
      await shoot(view, `confirm-${name(v)}`);
    }
    await page.goto(link);
    await page.getByRole('button', { name: 'تأیید عضویت' }).click();
    await page.getByRole('heading', { name: 'عضویت شما تأیید شد' }).waitFor();
    await checkScreen(page, 'confirmed');
    await shoot(page, 'confirmed-390-light');
  });
});

describe('admin newsletter page', () => {
  it('saves the schedule, previews and sends now; a refused address is a failure with its reason', async () => {
    const { database } = suite.site;
    const [top] = await addRankedArticles(database, ['خبر پربازدید امروز درباره بازار ارز و طلا', 'خبر دوم روز', 'خبر سوم روز']);
    // Read more than any demo article, so it heads the digest.
    await database.db.update(articles).set({ views: 10_000_000 }).where(eq(articles.id, top.id));
    await addSubscriber(database, 'maryam@example.com', { name: 'مریم' });
    await addSubscriber(database, 'nobody@example.com');
    smtp.refused.add('nobody@example.com');

    const page = await suite.signedIn('/admin/newsletter', VIEWPORTS[2]);
    await settled(page);
    const panel = page.locator('section[aria-labelledby="newsletter-mail-heading"]');
    await panel.locator('[data-mail-configured="true"]').waitFor();

    // The schedule: Saturdays at 07:30, Tehran time.
    await panel.getByLabel('دوره').click();
    await page.getByRole('option', { name: 'هفتگی' }).click();
    await panel.getByLabel('ساعت').click();
    await page.getByRole('option', { name: '۰۷' }).click();
    await panel.getByLabel('دقیقه').click();
    await page.getByRole('option', { name: '۳۰' }).click();
    await panel.getByRole('button', { name: 'ذخیره زمان‌بندی' }).click();
    await expectToast(page, 'زمان‌بندی خبرنامه ذخیره شد');
    await expect.poll(() => panel.getByText(/^ارسال بعدی: .*ساعت ۰۷:۳۰/).count()).toBe(1);
    // The site's toast list (an <ol> of role=status items) is axe's 'list' violation of its own: closed first.
    await page.getByRole('button', { name: 'بستن اعلان' }).click();

    // The preview: the mail's own HTML in a shut frame, and its text part.
    await panel.getByRole('button', { name: 'پیش‌نمایش' }).click();
    const dialog = page.getByRole('dialog', { name: 'پیش‌نمایش خبرنامه' });
    const frame = page.frameLocator('iframe[title="نسخهٔ ایمیل خبرنامه"]');
    await frame.getByRole('link', { name: 'خبر پربازدید امروز درباره بازار ارز و طلا' }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'admin-preview-1280-light');
    await dialog.getByRole('button', { name: 'نسخهٔ متنی' }).click();
    await dialog.getByText(/۱\. خبر پربازدید امروز/).waitFor();
    await dialog.getByRole('button', { name: 'بستن' }).click();

    // Send now: confirmed, queued, then sent to the confirmed addresses; the refused one is a failure with its reason.
    await panel.getByRole('button', { name: 'ارسال اکنون' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'ارسال' }).click();
    await expectToast(page, 'در صف ارسال قرار گرفت');
    const row = panel.locator('tr[data-digest-id]').first();
    await expect.poll(() => row.locator('td[data-count="failed"]').innerText(), { timeout: 20_000 }).toMatch(/^۱/);
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('پایان یافت');
    // Sent by hand, by whom: the name isolated with its brackets, so neither mirrors.
    expect(await row.locator('bdi').innerText()).toBe(`(${E2E_ADMIN.username})`);
    expect(await mailTo('maryam@example.com', /^خبرنامه/)).toBeTruthy();
    await row.getByRole('button', { name: 'دیدن خطاها' }).click();
    await panel.getByText('nobody@example.com').waitFor();
    await panel.getByText(/سرور ایمیل این نشانی را نپذیرفت/).waitFor();
  });

  // One test a size and theme, so each has its own time budget and a failure names its screen.
  for (const v of VIEWPORTS) {
    it(`shows the mail service, schedule and the send above at ${name(v)}`, async () => {
      const view = await suite.signedIn('/admin/newsletter', v);
      await settled(view);
      await view.locator('tr[data-digest-id]').first().waitFor();
      await checkScreen(view, `admin ${name(v)}`);
      await shoot(view, `admin-newsletter-${name(v)}`);
      await shoot(view.locator('section[aria-labelledby="newsletter-mail-heading"]'), `admin-mail-panel-${name(v)}`);
    });
  }

  it('the unsubscribe page a digest links to, and what the admin then sees', async () => {
    const mail = await mailTo('maryam@example.com', /^خبرنامه/);
    const link = linkIn(mail, '/newsletter/unsubscribe');
    for (const v of [VIEWPORTS[0], VIEWPORTS[3]]) {
      const view = await suite.openPage(v);
      await view.goto(link);
      await view.getByRole('heading', { name: 'لغو عضویت از خبرنامه' }).waitFor();
      await checkScreen(view, `unsubscribe ${name(v)}`);
      await shoot(view, `unsubscribe-${name(v)}`);
    }
    const page = await suite.openPage(VIEWPORTS[1]);
    await page.goto(link);
    await page.getByRole('button', { name: 'لغو عضویت' }).click();
    await page.getByRole('heading', { name: 'عضویت شما لغو شد' }).waitFor();
    await checkScreen(page, 'unsubscribed');
    await shoot(page, 'unsubscribed-390-dark');

    await signIn(page, '/admin/newsletter');
    await settled(page);
    await page.locator('tr[data-subscriber-id]', { hasText: 'maryam@example.com' }).getByText('لغو عضویت کرده').waitFor();
  });
});
