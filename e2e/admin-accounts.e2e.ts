import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import type { AdminArticlesResponse } from '@chapar/shared/contracts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS } from './helpers/admin.ts';
import { expectToast, shoot } from './helpers/browser.ts';

// A newsroom of several people (issue 36): the owner invites an editor, who sets a password
// through the link, turns on two-factor sign-in and signs in with a code, edits an article and
// cannot open the accounts; a moderator sees only comments; the owner's audit screen shows
// each of these with before and after. The screens are checked at 390 and 1280 px, light and dark.

const suite = adminSuite();
const EDITOR = { username: 'sahar', password: 'sahar-long-password' };
const MODERATOR = { username: 'omid', password: 'omid-long-password' };
let totpSecret = '';
let recoveryCodes: string[] = [];
let editedTitle = '';
let editedArticleId = 0;

/** A code from the next time step: the step just used at enrolment is never accepted twice. */
const nextCode = () => generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function passwordStep(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('نام کاربری').fill(user.username);
  await page.getByLabel('رمز عبور', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
}

async function createAccount(owner: Page, user: { username: string }, role: string, method: 'invite' | 'password', password?: string): Promise<string | null> {
  await owner.getByRole('button', { name: 'حساب تازه' }).click();
  const dialog = owner.getByRole('dialog', { name: 'حساب تازه' });
  await dialog.getByLabel('نام کاربری').fill(user.username);
  await dialog.getByRole('combobox', { name: 'نقش' }).click();
  await owner.getByRole('option', { name: role }).click();
  if (method === 'password') {
    await dialog.getByText('تعیین رمز عبور همین حالا').click();
    await dialog.getByLabel('رمز عبور تازه').fill(password!);
    await dialog.getByRole('button', { name: 'ساخت حساب' }).click();
    await dialog.waitFor({ state: 'detached' });
    return null;
  }
  await dialog.getByRole('button', { name: 'ساخت و دعوت' }).click();
  const link = await dialog.getByLabel('پیوند دعوت', { exact: true }).inputValue();
  await shoot(owner, 'accounts-invitation-link');
  await dialog.getByRole('button', { name: 'پایان' }).click();
  return link;
}

describe('a newsroom of several people', () => {
  it('the owner invites an editor, who sets a password, turns on two-factor sign-in and signs in with a code', async () => {
    const owner = await suite.signedIn('/admin/users');
    await settled(owner);
    const link = await createAccount(owner, EDITOR, 'ویراستار', 'invite');
    expect(link).toMatch(/\/admin\/invite#[\w-]{43}$/);
    await owner.locator('tr[data-user="sahar"]').getByText('دعوت‌شده').waitFor();

    // The link's origin is PUBLIC_BASE_URL (this site listens on a port of its own): its path and fragment are the invitation.
    const { pathname, hash } = new URL(link!);
    const invitation = `${pathname}${hash}`;
    const editor = await suite.openPage();
    await editor.goto(invitation);
    await editor.getByText('نام کاربری شما').waitFor();
    await shoot(editor, 'invite-page');
    await editor.getByLabel('رمز عبور تازه').fill(EDITOR.password);
    await editor.getByLabel('تکرار رمز عبور').fill(EDITOR.password);
    await editor.getByRole('button', { name: 'ثبت رمز عبور' }).click();
    await editor.getByRole('heading', { name: 'رمز عبور شما ثبت شد' }).waitFor();
    // The link works once.
    const again = await suite.openPage();
    await again.goto(invitation);
    await again.getByText('این پیوند دعوت نامعتبر است').waitFor();

    await passwordStep(editor, EDITOR);
    await editor.waitForURL((url) => url.pathname === '/admin');
    await editor.goto('/admin/account');
    await editor.getByRole('button', { name: 'راه‌اندازی ورود دومرحله‌ای' }).click();
    await editor.getByRole('img', { name: 'کد QR ورود دومرحله‌ای' }).waitFor();
    totpSecret = (await editor.locator('[data-totp-secret]').innerText()).trim();
    await shoot(editor, 'account-two-factor-enrolment');
    await editor.getByLabel('کد شش‌رقمی').fill(await generate({ secret: totpSecret }));
    // The code alone does not turn it on: the account's password is asked for too.
    expect(await editor.getByRole('button', { name: 'فعال کردن' }).isDisabled()).toBe(true);
    await editor.getByLabel('رمز عبور', { exact: true }).fill(EDITOR.password);
    await shoot(editor, 'account-two-factor-enable');
    await editor.getByRole('button', { name: 'فعال کردن' }).click();
    await editor.locator('[data-recovery-codes] li').first().waitFor();
    recoveryCodes = await editor.locator('[data-recovery-codes] li').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await editor.getByRole('button', { name: 'کدها را نگه داشتم' }).click();
    await editor.getByText('ورود دومرحله‌ای فعال است').waitFor();

    // Signed out, the password alone no longer signs in: the code is asked for.
    await editor.getByRole('button', { name: 'خروج', exact: true }).click();
    await editor.waitForURL((url) => url.pathname === '/');
    await passwordStep(editor, EDITOR);
    const code = editor.getByLabel('کد ورود دومرحله‌ای');
    await code.waitFor();
    await shoot(editor, 'login-two-factor-step');
    await code.fill('000000');
    await editor.getByRole('button', { name: 'تأیید' }).click();
    await editor.getByRole('alert').getByText('کد ورود دومرحله‌ای درست نیست').waitFor();
    await code.fill(await nextCode());
    await editor.getByRole('button', { name: 'تأیید' }).click();
    await editor.waitForURL((url) => url.pathname === '/admin');
  });

  it('the editor edits an article and cannot open the accounts', async () => {
    const editor = await suite.openPage();
    await passwordStep(editor, EDITOR);
    // The code of this time step is spent: a recovery code signs in instead (once).
    await editor.getByLabel('کد ورود دومرحله‌ای').fill(recoveryCodes[0]);
    await editor.getByRole('button', { name: 'تأیید' }).click();
    await editor.waitForURL((url) => url.pathname === '/admin');
    await settled(editor);
    const list = (await (await editor.request.get('/api/admin/articles?page=1&limit=5')).json()) as AdminArticlesResponse;
    const target = list.articles[0];
    editedArticleId = target.id;
    editedTitle = `${target.title} (ویرایش سحر)`;
    await editor.getByRole('button', { name: `ویرایش «${target.title}»` }).click();
    const dialog = editor.getByRole('dialog', { name: 'ویرایش مقاله' });
    await dialog.locator('.ProseMirror').waitFor();
    await dialog.getByRole('textbox', { name: 'عنوان', exact: true }).fill(editedTitle);
    await dialog.getByRole('button', { name: 'به‌روزرسانی' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(editor, 'مقاله با موفقیت به‌روزرسانی شد');

    const nav = editor.getByRole('navigation', { name: 'بخش‌های پنل' });
    expect(await nav.getByRole('link', { name: 'حساب‌ها' }).count()).toBe(0);
    await editor.goto('/admin/users');
    await editor.getByText('نقش شما اجازهٔ دیدن این صفحه را ندارد.').waitFor();
    const refused = await editor.request.get('/api/admin/users');
    expect(refused.status()).toBe(403);
  });

  it('a moderator sees only the comments', async () => {
    const owner = await suite.signedIn('/admin/users');
    await settled(owner);
    await createAccount(owner, MODERATOR, 'ناظر نظرها', 'password', MODERATOR.password);
    await owner.locator('tr[data-user="omid"]').waitFor();

    const moderator = await suite.openPage(VIEWPORTS[0]);
    await passwordStep(moderator, MODERATOR);
    await moderator.waitForURL((url) => url.pathname === '/admin');
    await settled(moderator);
    const tabs = moderator.getByRole('tablist', { name: 'بخش‌های داشبورد' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['نظرات']);
    const nav = moderator.getByRole('navigation', { name: 'بخش‌های پنل' }).getByRole('link');
    expect(await nav.allInnerTexts()).toEqual(['داشبورد', 'حساب من']);
    await shoot(moderator, 'moderator-dashboard-390');
    expect((await moderator.request.get('/api/admin/articles')).status()).toBe(403);
  });

  it('the audit screen shows each of these actions with before and after', async () => {
    const owner = await suite.signedIn('/admin/audit');
    await settled(owner);
    const row = (action: string, actor?: string) => {
      const rows = owner.locator(`tr[data-action="${action}"]`);
      return actor ? rows.filter({ has: owner.locator('bdi', { hasText: new RegExp(`^${actor}$`) }) }).first() : rows.first();
    };
    await row('user.create').getByText('ساخت حساب').waitFor();
    await row('invitation.accept', 'sahar').waitFor();
    await row('account.two-factor-enable', 'sahar').waitFor();
    await row('auth.login', 'sahar').waitFor();

    const edit = row('article.update', 'sahar');
    await edit.getByText('ویرایش مقاله').waitFor();
    await edit.locator('summary').click();
    const title = edit.locator('li[data-field="title"]');
    expect(await title.locator('[data-after]').innerText()).toBe(editedTitle);
    expect(await title.locator('[data-before]').innerText()).toBe(editedTitle.replace(' (ویرایش سحر)', ''));
    expect(await edit.locator('td[data-label="موضوع"]').innerText()).toContain('مقاله');
    expect(editedArticleId).toBeGreaterThan(0);

    // An edit of the body and the category: the body reads as plain text, the category by its Persian name.
    const { csrfToken } = await (await owner.request.get('/api/admin/status')).json() as { csrfToken: string };
    const longWord = `https://example.com/${'x'.repeat(160)}`;
    const patch = (data: object) => owner.request.fetch(`/api/admin/articles/${editedArticleId}`, { method: 'PATCH', headers: { 'x-csrf-token': csrfToken }, data });
    // Through another category first, so the last edit changes it whatever it was.
    expect((await patch({ category: 'Health' })).status()).toBe(200);
    expect((await patch({ category: 'Economy', content: `<p>بند <b>تازه</b> &amp; نشانی ${longWord}</p><p>بند دوم</p>` })).status()).toBe(200);
    await owner.reload();
    const bodyEdit = row('article.update');
    await bodyEdit.locator('summary').click();
    expect(await bodyEdit.locator('li[data-field="category"] [data-after]').innerText()).toBe('اقتصاد');
    const body = await bodyEdit.locator('li[data-field="content"] [data-after]').innerText();
    expect(body).toMatch(/^بند تازه & نشانی https:\/\/example\.com\/x+…$/);
    expect((await bodyEdit.locator('li[data-field] > span.font-medium').allInnerTexts()).join(' ')).not.toMatch(/[A-Za-z]/);

    // Filtered to one person.
    await owner.getByRole('combobox', { name: 'انجام‌دهنده' }).click();
    await owner.getByRole('option', { name: 'sahar' }).click();
    await expect.poll(async () => [...new Set(await owner.locator('td[data-label="انجام‌دهنده"] bdi').allInnerTexts())]).toEqual(['sahar']);
    expect(await owner.locator('tr[data-audit-id]').count()).toBeGreaterThan(2);
    await shoot(owner, 'audit-filtered');
  });

  // One test a size and theme, so each has its own time budget and a failure names its screen.
  for (const viewport of VIEWPORTS) {
    it(`checks the accounts screens at ${viewport.width} px ${viewport.colorScheme}`, async () => {
      const problems: string[] = [];
      const page = await suite.signedIn('/admin/users', viewport);
      for (const path of ['/admin/users', '/admin/audit', '/admin/account']) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await settled(page);
        const name = `${path.slice(7)}-${viewport.width}-${viewport.colorScheme}`;
        await shoot(page, name, { fullPage: false });
        if (path === '/admin/audit') {
          const details = page.locator('details', { has: page.locator('li[data-field]') }).first();
          await details.locator('summary').click();
          await details.scrollIntoViewIfNeeded();
          await shoot(page, `${name}-changes`, { fullPage: false });
          // Every row's changes open (a long unbroken address among them): they wrap, the table stays within its box.
          const tableOverflow = await page.locator('table').evaluate((table) => {
            for (const details of table.querySelectorAll('details')) details.open = true;
            return table.parentElement!.scrollWidth - table.parentElement!.clientWidth;
          });
          if (tableOverflow > 0) problems.push(`${name}: the table is ${tableOverflow}px wider than its box with the changes open`);
        }
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${name}: ${overflow}px horizontal overflow`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${name}: ${v.id} (${v.impact}) ${v.nodes.join(', ')}`);
      }
      const signedOut = await suite.openPage(viewport);
      await passwordStep(signedOut, EDITOR);
      await signedOut.getByLabel('کد ورود دومرحله‌ای').waitFor();
      const name = `login-code-${viewport.width}-${viewport.colorScheme}`;
      await shoot(signedOut, name);
      if (await horizontalOverflow(signedOut) > 0) problems.push(`${name}: horizontal overflow`);
      for (const v of await seriousAxeViolations(signedOut)) problems.push(`${name}: ${v.id} ${v.nodes.join(', ')}`);
      expect(problems).toEqual([]);
    });
  }
});
