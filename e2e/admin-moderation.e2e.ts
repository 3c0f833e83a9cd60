import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { blockedPosts, comments, ignoredPosts, newsletterSubscribers, telegramPosts } from '@chapar/db';
import type { AdminArticlesResponse } from '@chapar/shared/contracts';
import { articlePath } from '@chapar/shared/text';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS } from './helpers/admin.ts';
import { expectToast } from './helpers/browser.ts';
import { E2E_ADMIN } from './harness.ts';

// Comments, newsletter subscribers, ignored posts and the blocklist (spec 03 §2.3–§2.5, §2.9)
// worked through the admin screens.

const suite = adminSuite();

async function signedInPage(path: string): Promise<Page> {
  const page = await suite.signedIn(path);
  await settled(page);
  return page;
}

async function firstArticles(page: Page) {
  const res = await page.request.get('/api/admin/articles?page=1&limit=5');
  return ((await res.json()) as AdminArticlesResponse).articles;
}

describe('comments tab', () => {
  it('approves and deletes comments singly and in bulk, with replies nested under their article', async () => {
    const page = await signedInPage('/admin?tab=comments');
    const [a, b] = await firstArticles(page);
    const db = suite.site.database.db;
    const [parent] = await db.insert(comments).values({ articleId: a.id, authorName: 'مریم', content: 'نظر نخست درباره خبر' }).returning();
    await db.insert(comments).values({ articleId: a.id, parentId: parent.id, depth: 1, authorName: 'رضا', content: 'پاسخ به مریم' });
    await db.insert(comments).values([
      { articleId: b.id, authorName: 'سارا', content: 'نظر برای تأیید گروهی' },
      { articleId: b.id, authorName: 'نیما', content: 'نظر برای حذف گروهی' },
      { articleId: b.id, authorName: 'لیلا', content: 'نظر برای حذف تکی' },
    ]);
    await page.reload();
    await settled(page);

    const item = (author: string) => page.locator('li[data-comment-id]', { has: page.getByText(author, { exact: true }) }).first();
    // The reply sits inside its parent's item; the parent names its article.
    await item('مریم').getByRole('list', { name: 'پاسخ‌ها به مریم' }).getByText('پاسخ به مریم').waitFor();
    expect(await item('مریم').getByRole('link', { name: a.title }).first().getAttribute('href')).toBe(articlePath(a));

    // Single approve.
    await page.getByRole('button', { name: 'تأیید نظر مریم' }).click();
    await expectToast(page, 'نظر تأیید شد');
    await item('مریم').getByText('تأییدشده', { exact: true }).first().waitFor();

    // Bulk approve of one, bulk delete of another (confirmed).
    await page.getByRole('checkbox', { name: 'انتخاب نظر سارا' }).click();
    await page.getByRole('button', { name: 'تأیید گروهی' }).click();
    await expectToast(page, '۱ نظر تأیید شد');
    await page.getByRole('checkbox', { name: 'انتخاب نظر نیما' }).click();
    await page.getByRole('button', { name: 'حذف گروهی' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
    await expectToast(page, '۱ نظر حذف شد');
    await page.getByText('نظر برای حذف گروهی').waitFor({ state: 'detached' });
    // The delete's toast puts the comment back, as it was, in one click.
    await page.locator('ol[aria-label^="اعلان‌ها"] > li', { hasText: '۱ نظر حذف شد' }).getByRole('button', { name: 'بازگرداندن', exact: true }).click();
    await expectToast(page, '۱ نظر بازگردانده شد');
    await item('نیما').getByText('نظر برای حذف گروهی').waitFor();

    // Single delete, confirmed.
    await page.getByRole('button', { name: 'حذف نظر لیلا' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
    await expectToast(page, 'نظر حذف شد');
    await page.getByText('نظر برای حذف تکی').waitFor({ state: 'detached' });
    // The button the confirmation gave focus back to left with its comment: focus stays in the
    // page's content (the next Tab goes on from there), not on <body>.
    await expect.poll(() => page.evaluate(() => {
      const active = document.activeElement;
      return active && active !== document.body && document.getElementById('main')!.contains(active) ? active.tagName : 'lost';
    })).not.toBe('lost');

    // Later, from the deleted comments: it is listed with who deleted it, and comes back.
    await page.getByRole('button', { name: 'حذف‌شده', exact: true }).click();
    const gone = page.locator('li[data-deleted-comment-id]', { hasText: 'نظر برای حذف تکی' });
    expect(await gone.innerText()).toContain(`به دست ${E2E_ADMIN.username}`);
    await gone.getByRole('button', { name: 'بازگرداندن نظر لیلا' }).click();
    await expectToast(page, '۱ نظر بازگردانده شد');
    await gone.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'همه', exact: true }).click();
    await item('لیلا').getByText('نظر برای حذف تکی').waitFor();

    // The filter shows only pending ones: رضا's reply is still pending.
    await page.getByRole('button', { name: 'در انتظار تأیید', exact: true }).click();
    await page.getByText('پاسخ به رضا').or(page.getByText('پاسخ به مریم')).first().waitFor();
    expect(await page.getByText('نظر برای تأیید گروهی').count()).toBe(0);
  });
});

describe('newsletter page', () => {
  it('searches, toggles, renames, deletes and exports subscribers', async () => {
    const db = suite.site.database.db;
    await db.insert(newsletterSubscribers).values([
      { email: 'ali.rezaei@example.com', name: 'علی رضایی' },
      { email: 'sara@example.com', name: 'سارا' },
      { email: 'formula@example.com', name: '=HYPERLINK("http://x")' },
      { email: 'gone@example.com', name: 'رفتنی', isActive: false },
    ]);
    const page = await signedInPage('/admin/newsletter');
    const stats = page.locator('dl[aria-label="آمار مشترکین"] > div');
    await expect.poll(() => stats.first().innerText()).toMatch(/کل مشترکین\s*[۰-۹]+/);
    expect(await stats.count()).toBe(4);
    const row = (email: string) => page.locator('tr[data-subscriber-id]', { hasText: email });

    await page.getByLabel('جستجو در ایمیل و نام').fill('REZAEI');
    await expect.poll(() => page.locator('tr[data-subscriber-id]').count()).toBe(1);
    await page.getByLabel('جستجو در ایمیل و نام').fill('');
    await expect.poll(() => page.locator('tr[data-subscriber-id]').count()).toBeGreaterThanOrEqual(4);

    // Status toggle by clicking the badge.
    await row('sara@example.com').getByRole('button', { name: /تغییر وضعیت sara@example.com/ }).click();
    await expectToast(page, 'مشترک غیرفعال شد');
    await row('sara@example.com').getByRole('button', { name: /^غیرفعال/ }).waitFor();
    await page.getByRole('button', { name: 'غیرفعال', exact: true }).click();
    // Sara is in both lists: the filter has applied once the active subscribers are gone.
    await row('sara@example.com').waitFor();
    await expect.poll(() => row('ali.rezaei@example.com').count()).toBe(0);
    await page.getByRole('button', { name: 'همه', exact: true }).click();

    // Inline rename.
    await row('ali.rezaei@example.com').getByRole('button', { name: 'ویرایش نام ali.rezaei@example.com' }).click();
    await page.getByLabel('نام ali.rezaei@example.com').fill('علی رضایی‌نژاد');
    await page.getByRole('button', { name: 'ذخیره نام' }).click();
    await expectToast(page, 'نام مشترک به‌روزرسانی شد');
    await row('ali.rezaei@example.com').getByText('علی رضایی‌نژاد').waitFor();

    // Delete, confirmed.
    await row('gone@example.com').getByRole('button', { name: 'حذف gone@example.com' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
    await expectToast(page, 'مشترک حذف شد');
    await row('gone@example.com').waitFor({ state: 'detached' });

    // Export: a CSV named by the date, Persian names intact, no formula can run.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'خروجی فهرست مشترکان' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('علی رضایی‌نژاد');
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(csv).not.toContain('gone@example.com');
  });
});

describe('ignored posts', () => {
  it('reviews a post under the signed-in admin\'s name and processes one', async () => {
    const db = suite.site.database.db;
    const [stored] = await db.select().from(telegramPosts).limit(1);
    const source = stored?.source ?? 'chapar_demo';
    await db.insert(ignoredPosts).values([
      { source, telegramId: 990_001, url: `https://t.me/${source}/990001`, reason: 'advertisement', content: 'تخفیف ویژه خرید '.repeat(20), category: null },
      ...(stored ? [{ source, telegramId: stored.telegramId, url: `https://t.me/${source}/${stored.telegramId}`, reason: 'too_short', content: 'متن کوتاه', category: 'Politics' }] : []),
    ]).onConflictDoNothing();
    const page = await signedInPage('/admin/ignored');
    const row = page.locator('tr[data-ignored-id]', { hasText: '990001' }).or(page.locator('tr[data-ignored-id]', { hasText: '۹۹۰۰۰۱' })).first();
    await row.getByText('تبلیغاتی').waitFor();
    await row.getByText('نامشخص').waitFor();
    // Content preview: 120 characters and an ellipsis.
    expect((await row.locator('td[data-label="محتوا"]').innerText()).length).toBeLessThanOrEqual(121);

    await row.getByRole('button', { name: /^بررسی شد/ }).click();
    await expectToast(page, 'پست بررسی شد');
    await row.getByText('بررسی‌شده توسط editor').waitFor();
    await row.getByRole('button', { name: /^علامت برای پردازش/ }).click();
    await expectToast(page, 'پست برای پردازش علامت‌گذاری شد');
    await row.getByText('برای پردازش', { exact: true }).waitFor();

    if (stored) {
      const storedRow = page.locator('tr[data-ignored-id]', { hasText: 'متن کوتاه' });
      await storedRow.getByRole('button', { name: /^پردازش پست/ }).click();
      await page.locator('ol[aria-label^="اعلان‌ها"] > li', { hasText: /پست به مقاله|پردازش پست در حال اجراست/ }).waitFor({ timeout: 30_000 });
    }
  });
});

describe('blocklist', () => {
  it('allows regeneration of one entry and deletes another after a confirmation', async () => {
    const db = suite.site.database.db;
    await db.insert(blockedPosts).values([
      { source: 'chapar_demo', telegramId: 880_001, title: 'خبر حذف‌شده نخست', reason: 'حذف به دست مدیر' },
      { source: 'chapar_demo', telegramId: 880_002, title: null, reason: null },
    ]);
    const page = await signedInPage('/admin/blocklist');
    const first = page.locator('tr[data-blocked-id]', { hasText: 'خبر حذف‌شده نخست' });
    await first.getByText('کاملاً مسدود').waitFor();
    const second = page.locator('tr[data-blocked-id]', { hasText: 'بدون عنوان' });
    await second.getByText('بدون دلیل').waitFor();

    await first.getByRole('button', { name: /^مجاز کردن بازسازی/ }).click();
    await expectToast(page, 'بازتولید این پست مجاز شد');
    await first.getByText('بازسازی مجاز').waitFor();

    await second.getByRole('button', { name: /از فهرست مسدود$/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click();
    await expectToast(page, 'پست از فهرست مسدود خارج شد');
    await second.waitFor({ state: 'detached' });
  });
});

describe('the screens with their rows', () => {
  // One test per viewport: each visits five screens and runs axe on each.
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px ${viewport.colorScheme}: no horizontal overflow, no serious axe violation`, async () => {
      const problems: string[] = [];
      const page = await suite.signedIn('/admin?tab=comments', viewport);
      for (const path of ['/admin?tab=comments', '/admin/newsletter', '/admin/ignored', '/admin/blocklist']) {
        await page.goto(path);
        await settled(page);
        await page.locator('li[data-comment-id], tr[data-subscriber-id], tr[data-ignored-id], tr[data-blocked-id]').first().waitFor();
        const label = `${path} ${viewport.width} ${viewport.colorScheme}`;
        if (await horizontalOverflow(page) > 0) problems.push(`${label}: overflow`);
        for (const v of await seriousAxeViolations(page)) problems.push(`${label}: ${v.id} ${v.nodes.join(', ')}`);
      }
      // The comments tab's deleted view (empty or not).
      await page.goto('/admin?tab=comments');
      await page.getByRole('button', { name: 'حذف‌شده', exact: true }).click();
      await page.locator('li[data-deleted-comment-id]').first().or(page.getByText('نظر حذف‌شده‌ای نیست')).waitFor();
      const label = `deleted comments ${viewport.width} ${viewport.colorScheme}`;
      if (await horizontalOverflow(page) > 0) problems.push(`${label}: overflow`);
      for (const v of await seriousAxeViolations(page)) problems.push(`${label}: ${v.id} ${v.nodes.join(', ')}`);
      expect(problems).toEqual([]);
    });
  }
});
