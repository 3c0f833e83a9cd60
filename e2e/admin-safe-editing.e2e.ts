import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { blockedPosts, channels, ignoredPosts } from '@chapar/db';
import { XSS_VECTORS } from '../apps/web/src/testing/xss-vectors.ts';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS, type Viewport } from './helpers/admin.ts';
import { expectToast } from './helpers/browser.ts';

// Issue 31 §3 in the browser: the editor's HTML mode with the CSP switched off (the admin
// context bypasses it), and the screens changed with it at 390 and 1280 px, light and dark.

const suite = adminSuite();

// Blocks of the kinds the editor keeps whole, each of which ran in the live page before.
const HOSTILE_BLOCKS = [
  '<figure><img src="/nothing.png" onerror="window.__xss=1"><figcaption onclick="window.__xss=1">عکس</figcaption></figure>',
  '<figure><iframe srcdoc="<script>parent.__xss=1</script>"></iframe></figure>',
  '<video controls><source src="/nothing.mp4" onerror="window.__xss=1"></video>',
  '<audio controls><source src="javascript:window.__xss=1"></audio>',
  '<table><tbody><tr><td><img src="/nothing.png" onerror="window.__xss=1"></td></tr></tbody></table>',
  '<pre><img src=/nothing.png onerror=window.__xss=1>code</pre>',
];

async function signedInPage(path: string, viewport: Viewport = VIEWPORTS[2]): Promise<Page> {
  const page = await suite.signedIn(path, viewport);
  await settled(page);
  return page;
}

async function openEditor(page: Page) {
  await page.getByRole('button', { name: /^ویرایش «/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'ویرایش مقاله' });
  await dialog.locator('.ProseMirror').waitFor();
  return dialog;
}

describe('the editor with the CSP off', () => {
  it('runs nothing of a hostile paste in HTML mode', async () => {
    const page = await signedInPage('/admin');
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    const dialog = await openEditor(page);
    await dialog.getByRole('button', { name: 'کد خام' }).click();
    await dialog.getByRole('textbox', { name: 'محتوا' }).fill([...HOSTILE_BLOCKS, ...XSS_VECTORS].join('\n'));
    await dialog.getByRole('button', { name: 'ویرایشگر' }).click();
    const editor = dialog.locator('.ProseMirror');
    await editor.locator(':scope > figure').first().waitFor();
    // Every picture in the document has loaded or failed, so any onerror would have run by now.
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.ProseMirror img')).every((img) => (img as HTMLImageElement).complete));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const unsafe = await editor.evaluate((root) => Array.from(root.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes)
      .filter((a) => a.name.startsWith('on') || a.name === 'srcdoc' || /^\s*(javascript|data):/i.test(a.value))
      .map((a) => `${el.localName}[${a.name}]`)));
    expect(unsafe).toEqual([]);
    expect(await editor.locator('iframe, script, svg, object').count()).toBe(0);
  });
});

describe('the changed screens', () => {
  it('have no horizontal overflow and no serious axe violation at 390 and 1280 px, light and dark', async () => {
    const db = suite.site.database.db;
    const [article] = (await suite.site.database.raw.query<{ id: number }>('select id from articles order by id limit 1')).rows;
    await db.insert(ignoredPosts).values([
      { source: 'akhbar_rooz', telegramId: 1010, url: 'https://t.me/akhbar_rooz/1010', reason: 'too_short', content: 'متن کوتاه', category: null },
      { source: 'taze_khabar', telegramId: 1010, url: 'https://t.me/taze_khabar/1010', reason: 'duplicate', content: 'خبر تکراری درباره بارش برف در تهران و بسته شدن مدرسه‌ها', category: 'Politics', duplicateOf: article.id },
    ]);
    await db.insert(blockedPosts).values({ source: 'taze_khabar', telegramId: 1010, title: 'خبر حذف‌شده', reason: `تکراری مقالهٔ ${article.id} (حذف توسط editor)` });
    await db.insert(channels).values([
      { username: 'akhbar_rooz', role: 'primary', title: 'اخبار روز', isActive: true },
      { username: 'taze_khabar', role: 'secondary', title: 'تازه خبر', isActive: true },
    ]);

    const problems: string[] = [];
    const check = async (page: Page, label: string, { axe = true } = {}) => {
      if (await horizontalOverflow(page) > 0) problems.push(`${label}: overflow`);
      if (axe) for (const v of await seriousAxeViolations(page)) problems.push(`${label}: ${v.id} ${v.nodes.join(', ')}`);
    };
    for (const viewport of VIEWPORTS) {
      const at = `${viewport.width} ${viewport.colorScheme}`;
      const page = await signedInPage('/admin/ignored', viewport);
      await page.locator('tr[data-ignored-id]').first().waitFor();
      await page.getByRole('link', { name: `تکرار مقالهٔ ${article.id.toLocaleString('fa-IR', { useGrouping: false })}` }).waitFor();
      await check(page, `ignored ${at}`);
      await page.getByRole('button', { name: 'پردازش پست ۱۰۱۰ از @taze_khabar' }).click();
      await page.getByRole('alertdialog', { name: 'پردازش پست تکراری' }).waitFor();
      await check(page, `ignored confirm ${at}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'انصراف' }).click();

      await page.goto('/admin/blocklist');
      await page.locator('tr[data-blocked-id]').first().getByText(/^تکراری مقالهٔ [۰-۹]+ \(حذف توسط \u2066editor\u2069\)$/).waitFor();
      await check(page, `blocklist ${at}`);

      await page.goto('/admin?tab=channels');
      await page.locator('[data-channel="taze_khabar"]').waitFor();
      await page.getByRole('button', { name: 'افزودن کانال' }).click();
      await page.getByRole('dialog', { name: 'افزودن کانال' }).getByRole('note').waitFor();
      await check(page, `channels add ${at}`);
      await page.keyboard.press('Escape');

      await page.goto('/admin?tab=watermark');
      await page.getByLabel('شماره مقاله').fill('987654');
      await page.getByRole('button', { name: 'واترمارک یک مقاله', exact: true }).click();
      await expectToast(page, 'مقاله مورد نظر یافت نشد');
      // The toast is the site's shared one: the tab itself is checked once it is closed.
      await check(page, `watermark toast ${at}`, { axe: false });
      await page.getByRole('button', { name: 'بستن اعلان' }).click();
      await check(page, `watermark ${at}`);

      await page.goto('/admin');
      await settled(page);
      const editor = await openEditor(page);
      await check(page, `edit dialog ${at}`);
      await editor.getByRole('combobox', { name: 'دسته‌بندی' }).click();
      await page.getByRole('option', { name: 'آموزش', exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
