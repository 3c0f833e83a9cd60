import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { comments } from '@chapar/db';
import type { AdminArticle, AdminArticleRow, AdminArticlesResponse, BlockedPost, DeletedArticleList } from '@chapar/shared/contracts';
import { articlePath, formatNumberFa, toAsciiDigits } from '@chapar/shared/text';
import { adminSuite, horizontalOverflow, seriousAxeViolations, settled, VIEWPORTS, type Viewport } from './helpers/admin.ts';
import { expectToast, shoot, SHOTS_DIR } from './helpers/browser.ts';

// The articles tab and the edit dialog (spec 03 §2.3) as an editor uses them.

const IMAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/telegram/media/rain-north.jpg');

/** The focused control's label and place when something else lies over its top or bottom edge, else null. */
function focusCovered(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const hidden = [box.top + 2, box.bottom - 2].some((y) => { const hit = document.elementFromPoint(x, y); return !hit || !(el.contains(hit) || hit.contains(el)); });
    return hidden ? `${el.getAttribute('aria-label') ?? el.tagName} at ${Math.round(box.top)}–${Math.round(box.bottom)}` : null;
  });
}

const suite = adminSuite();

async function signedInPage(viewport: Viewport = VIEWPORTS[2]): Promise<Page> {
  const page = await suite.signedIn('/admin', viewport);
  await settled(page);
  return page;
}

async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

const rowIds = (page: Page) => page.locator('tr[data-article-id]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-article-id'))));

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('articles table', () => {
  it('searches, sorts and pages on the server, 20 a page with at most five page buttons', async () => {
    const page = await signedInPage();
    const first = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    expect(await rowIds(page)).toEqual(first.articles.map((a) => a.id));
    expect(first.articles.length).toBe(20);
    const pager = page.getByRole('navigation', { name: 'صفحه‌های مقالات' });
    const numbered = pager.getByRole('button', { name: /^صفحه / });
    expect(await numbered.count()).toBe(Math.min(5, first.pagination.totalPages));

    // Page 2, then back with 'previous'.
    await pager.getByRole('button', { name: `صفحه ${formatNumberFa(2)}` }).click();
    const second = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=2&limit=20');
    await expect.poll(() => rowIds(page)).toEqual(second.articles.map((a) => a.id));
    expect(await pager.getByRole('button', { name: `صفحه ${formatNumberFa(2)}` }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('button', { name: 'قبلی' }).click();
    await expect.poll(() => rowIds(page)).toEqual(first.articles.map((a) => a.id));

    // Sort by views, ascending: the server's order, and the header says so.
    await chooseOption(page, 'مرتب‌سازی بر اساس', 'بازدید');
    await chooseOption(page, 'ترتیب', 'صعودی');
    const byViews = await api<AdminArticlesResponse>(page, '/api/admin/articles?sortBy=views&sortOrder=asc&page=1&limit=20');
    await expect.poll(() => rowIds(page)).toEqual(byViews.articles.map((a) => a.id));
    const views = byViews.articles.map((a) => a.views);
    expect(views).toEqual([...views].sort((a, b) => a - b));
    expect(await page.getByRole('columnheader', { name: /بازدید/ }).getAttribute('aria-sort')).toBe('ascending');

    // Search: a word of one title finds that article; the count follows.
    const target = first.articles[3];
    const word = target.title.split(/\s+/).find((w) => w.length > 4) ?? target.title;
    await page.getByLabel('جستجو در مقالات').fill(word);
    const found = await api<AdminArticlesResponse>(page, `/api/admin/articles?search=${encodeURIComponent(word)}&sortBy=views&sortOrder=asc&page=1&limit=20`);
    await expect.poll(() => rowIds(page), { timeout: 10_000 }).toEqual(found.articles.map((a) => a.id));
    expect(found.articles.map((a) => a.id)).toContain(target.id);
    await expect.poll(async () => toAsciiDigits(await page.locator('p[aria-live="polite"]').first().innerText())).toContain(`${found.pagination.total} مقاله`);

    // Search by Telegram id.
    const withTelegram = first.articles.find((a) => a.telegramId !== null)!;
    await page.getByLabel('جستجو در مقالات').fill(String(withTelegram.telegramId));
    await expect.poll(() => rowIds(page), { timeout: 10_000 }).toContain(withTelegram.id);

    // A search with no match shows the empty state.
    await page.getByLabel('جستجو در مقالات').fill('واژه‌ای-که-هیچ-جا-نیست');
    await page.getByText('مقاله‌ای یافت نشد').waitFor();
  });

  it('bulk-features two articles after a confirmation that names the action and the count', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    const plain = list.articles.filter((a) => !a.featured && a.isPublished).slice(0, 2);
    expect(plain.length).toBe(2);
    // Without a selection the spec's message comes first.
    await page.getByRole('button', { name: 'اجرا' }).click();
    await expectToast(page, 'لطفاً مقالات و عملیات مورد نظر را انتخاب کنید');
    for (const a of plain) await page.getByRole('checkbox', { name: `انتخاب «${a.title}»` }).click();
    await chooseOption(page, 'عملیات گروهی', 'ویژه کردن');
    await page.getByRole('button', { name: 'اجرا' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(`ویژه کردن ${formatNumberFa(2)} مقاله`);
    // It names what it will change.
    expect(await confirm.getByRole('list', { name: 'مقاله‌های انتخاب‌شده' }).getByRole('listitem').allInnerTexts()).toEqual(plain.map((a) => a.title));
    await confirm.getByRole('button', { name: 'ویژه کردن' }).click();
    await expectToast(page, 'موفقیت');
    for (const a of plain) {
      const saved = await api<AdminArticle>(page, `/api/admin/articles/${a.id}`);
      expect(saved.featured, String(a.id)).toBe(true);
      await page.locator(`tr[data-article-id="${a.id}"]`).getByText('ویژه', { exact: true }).waitFor();
    }
    // Select all selects the page's rows.
    await page.getByRole('checkbox', { name: 'انتخاب همه مقالات این صفحه' }).click();
    await page.getByText(`${formatNumberFa(list.articles.length)} مقاله انتخاب شده`).waitFor();
    // A bulk delete names the first ten, counts the rest, and says where their posts go; cancelled here.
    await chooseOption(page, 'عملیات گروهی', 'حذف');
    await page.getByRole('button', { name: 'اجرا' }).click();
    const named = await confirm.getByRole('list', { name: 'مقاله‌های انتخاب‌شده' }).getByRole('listitem').allInnerTexts();
    expect(named).toEqual(list.articles.slice(0, 10).map((a) => a.title));
    const text = await confirm.innerText();
    expect(text).toContain(`و ${formatNumberFa(list.articles.length - 10)} مقالهٔ دیگر`);
    expect(text).toContain('این مقاله‌ها با نظرها و امتیازهایشان به «مقاله‌های حذف‌شده» می‌روند و تا ۳۰ روز از همان‌جا بازگرداندنی هستند؛ پس از آن برای همیشه پاک می‌شوند.');
    expect(text).toContain('«لغو انتشار»');
    expect(text).toContain('پست تلگرامی آن‌ها به «فهرست مسدود» می‌رود تا دوباره ساخته نشود؛ بازگرداندن هر مقاله، پستش را هم از فهرست مسدود بیرون می‌آورد.');
    if (SHOTS_DIR) {
      for (const [width, scheme] of [[1280, 'light'], [390, 'dark']] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await shoot(page, `bulk-delete-dialog-${width}-${scheme}`, { fullPage: false });
      }
    }
    await confirm.getByRole('button', { name: 'انصراف' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20')).pagination.total).toBe(list.pagination.total);
  });

  it('moves two articles to another category after naming it, and puts them back from the toast', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    const two = list.articles.filter((a) => a.category !== 'Sports').slice(0, 2);
    for (const a of two) await page.getByRole('checkbox', { name: `انتخاب «${a.title}»` }).click();
    await chooseOption(page, 'عملیات گروهی', 'تغییر دسته‌بندی');
    // The destination is asked for before anything is confirmed.
    await page.getByRole('button', { name: 'اجرا' }).click();
    await page.getByRole('alert').filter({ hasText: 'دسته‌بندی مقصد را انتخاب کنید' }).waitFor();
    await chooseOption(page, 'دسته‌بندی مقصد', 'ورزش');
    await page.getByRole('button', { name: 'اجرا' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain(`انتقال ${formatNumberFa(2)} مقاله به دستهٔ «ورزش»`);
    await confirm.getByRole('button', { name: 'انتقال' }).click();
    await expectToast(page, `${formatNumberFa(2)} مقاله به دستهٔ «ورزش» منتقل شد`);
    for (const a of two) expect((await api<AdminArticle>(page, `/api/admin/articles/${a.id}`)).category).toBe('Sports');
    await page.getByRole('button', { name: 'بازگرداندن' }).click();
    await expect.poll(async () => Promise.all(two.map(async (a) => (await api<AdminArticle>(page, `/api/admin/articles/${a.id}`)).category)), { timeout: 10_000 })
      .toEqual(two.map((a) => a.category));
  });

  it('takes an article down with a reason, lists it under unpublished, and publishes it again', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    const target = list.articles[5];
    await page.getByRole('button', { name: `لغو انتشار «${target.title}»` }).click();
    const dialog = page.getByRole('dialog', { name: 'لغو انتشار مقاله' });
    await dialog.getByLabel('دلیل (اختیاری)').fill('خبر نیاز به تأیید دارد');
    await dialog.getByRole('button', { name: 'لغو انتشار' }).click();
    await expectToast(page, 'مقاله از انتشار خارج شد');
    await chooseOption(page, 'وضعیت انتشار', 'منتشرنشده');
    const row = page.locator(`tr[data-article-id="${target.id}"]`);
    await row.getByText('دلیل: خبر نیاز به تأیید دارد').waitFor();
    expect((await fetch(`${suite.site.baseUrl}/api/articles/${target.id}`)).status).toBe(404);
    await row.getByRole('button', { name: `انتشار دوباره «${target.title}»` }).click();
    await expectToast(page, 'مقاله منتشر شد');
    expect((await fetch(`${suite.site.baseUrl}/api/articles/${target.id}`)).status).toBe(200);
  });
});

describe('edit dialog', () => {
  it('edits in the visual editor and in HTML, uploads an image into the content, and restores an earlier version', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    const target = list.articles[1];
    const publicPath = articlePath(target);
    const dialog = page.getByRole('dialog', { name: 'ویرایش مقاله' });
    const open = async () => {
      await page.getByRole('button', { name: `ویرایش «${(await api<AdminArticle>(page, `/api/admin/articles/${target.id}`)).title}»` }).click();
      await dialog.locator('.ProseMirror').waitFor();
    };

    // Visual editor: a bold sentence at the end, and the meta description's live counter.
    await open();
    const editor = dialog.locator('.ProseMirror');
    expect(await editor.getAttribute('dir')).toBe('rtl');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'پررنگ' }).click();
    await page.keyboard.type('جمله پررنگ ویرایشگر');
    const meta = dialog.getByRole('textbox', { name: 'توضیحات متا' });
    await meta.fill('توضیح کوتاه');
    await dialog.getByText(`${formatNumberFa(11)} از ${formatNumberFa(150)} نویسه`).waitFor();
    await dialog.getByRole('button', { name: 'به‌روزرسانی' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'مقاله با موفقیت به‌روزرسانی شد');
    await page.goto(publicPath);
    expect(await page.locator('article strong', { hasText: 'جمله پررنگ ویرایشگر' }).count()).toBe(1);

    // Raw HTML: a heading appended by hand.
    await page.goto('/admin');
    await settled(page);
    await open();
    await dialog.getByRole('button', { name: 'کد خام' }).click();
    const html = dialog.getByRole('textbox', { name: 'محتوا' });
    const before = await html.inputValue();
    expect(before).toContain('<strong>جمله پررنگ ویرایشگر</strong>');
    await html.fill(`${before}<h2>تیتر تازه از HTML</h2>`);
    await dialog.getByRole('button', { name: 'به‌روزرسانی' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'مقاله با موفقیت به‌روزرسانی شد');
    await page.goto(publicPath);
    expect(await page.locator('article h2', { hasText: 'تیتر تازه از HTML' }).count()).toBe(1);

    // Upload: the image's embed is appended; switching modes keeps it; saved, it is on the page.
    await page.goto('/admin');
    await settled(page);
    await open();
    // What the picture shows, for screen readers: its alt text, not the camera's file name.
    await dialog.getByLabel('توضیح تصویر برای صفحه‌خوان‌ها (اختیاری)').fill('نمودار قیمت دلار در بازار آزاد');
    await dialog.locator('input[type=file]').setInputFiles(IMAGE);
    await expectToast(page, 'آپلود شد');
    await dialog.getByRole('button', { name: 'کد خام' }).click();
    const withImage = await html.inputValue();
    const src = /<img src="([^"]+)"/.exec(withImage)?.[1];
    expect(src).toBeTruthy();
    expect(withImage).toContain(`<img src="${src}" alt="نمودار قیمت دلار در بازار آزاد">`);
    await dialog.getByRole('button', { name: 'ویرایشگر' }).click();
    await dialog.locator(`.ProseMirror img[src="${src}"]`).waitFor();
    await dialog.getByRole('button', { name: 'کد خام' }).click();
    expect(await html.inputValue()).toBe(withImage);
    await dialog.getByRole('button', { name: 'به‌روزرسانی' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'مقاله با موفقیت به‌روزرسانی شد');
    const saved = await api<AdminArticle>(page, `/api/admin/articles/${target.id}`);
    expect(saved.content).toContain(src!);
    expect((await page.request.get(src!)).status()).toBe(200);

    // History: the newest version is the article before the upload; restoring it drops the image.
    await open();
    await dialog.getByRole('button', { name: 'تاریخچه' }).click();
    const restore = dialog.getByRole('button', { name: /^بازگرداندن نسخهٔ/ });
    await restore.first().waitFor();
    expect(await restore.count()).toBeGreaterThanOrEqual(3);
    await restore.first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'بازگرداندن' }).click();
    await expectToast(page, 'نسخهٔ انتخاب‌شده بازگردانده شد');
    const restored = await api<AdminArticle>(page, `/api/admin/articles/${target.id}`);
    expect(restored.content).not.toContain(src!);
    expect(restored.content).toContain('تیتر تازه از HTML');
  });

  it('keeps unsaved changes unless the editor chooses to drop them', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    const target = list.articles[2];
    await page.getByRole('button', { name: `ویرایش «${target.title}»` }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش مقاله' });
    await dialog.getByRole('textbox', { name: 'عنوان' }).fill(`${target.title} — نسخه تازه`);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog', { name: 'تغییرات ذخیره نشده' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'ادامه ویرایش' }).click();
    expect(await dialog.getByRole('textbox', { name: 'عنوان' }).inputValue()).toBe(`${target.title} — نسخه تازه`);
    await dialog.getByRole('button', { name: 'انصراف' }).click();
    await ask.getByRole('button', { name: 'بستن بدون ذخیره' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api<AdminArticle>(page, `/api/admin/articles/${target.id}`)).title).toBe(target.title);
  });

  // One test a size and theme, so each has its own time budget and a failure names its screen.
  for (const viewport of VIEWPORTS) {
    it(`has no horizontal overflow and no serious axe violation at ${viewport.width} px ${viewport.colorScheme}`, async () => {
      const problems: string[] = [];
      const page = await signedInPage(viewport);
      await page.getByRole('button', { name: /^ویرایش «/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'ویرایش مقاله' });
      await dialog.locator('.ProseMirror').waitFor();
      if (await horizontalOverflow(page) > 0) problems.push('overflow');
      // Tab through the form: each field it reaches scrolls clear of the sticky footer, not under it.
      for (let i = 0; i < 24; i++) {
        await page.keyboard.press('Tab');
        const covered = await focusCovered(page);
        if (covered) problems.push(`covered: ${covered}`);
      }
      for (const v of await seriousAxeViolations(page)) problems.push(`${v.id} ${v.nodes.join(', ')}`);
      await dialog.getByRole('button', { name: 'تاریخچه' }).click();
      await settled(page);
      for (const v of await seriousAxeViolations(page)) problems.push(`history: ${v.id} ${v.nodes.join(', ')}`);
      expect(problems).toEqual([]);
    });
  }
});

describe('deleted articles', () => {
  it('keeps a deleted article with its comments and restores it at its address; removes another for good after a confirmation', async () => {
    const page = await signedInPage();
    const list = await api<AdminArticlesResponse>(page, '/api/admin/articles?page=1&limit=20');
    // Rows the tests above leave alone; the restored one came from Telegram, so it was blocked.
    const [kept, purged, undone] = list.articles.slice(10).filter((a) => a.telegramId !== null && a.source !== null);
    expect(kept && purged && undone).toBeTruthy();
    await suite.site.database.db.insert(comments).values({ articleId: kept.id, authorName: 'مهسا', content: 'نظری که با مقاله برمی‌گردد', isApproved: true });
    const blocked = async () => (await api<{ posts: BlockedPost[] }>(page, '/api/admin/blocked-posts')).posts.map((p) => `${p.source}/${p.telegramId}`);

    const deleteFromTable = async (article: AdminArticleRow) => {
      await page.getByRole('button', { name: `حذف «${article.title}»` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'حذف مقاله' });
      expect(await confirm.innerText()).toContain('به «مقاله‌های حذف‌شده» می‌رود');
      await confirm.getByRole('button', { name: 'حذف', exact: true }).click();
      await expectToast(page, 'موفقیت');
      await page.locator(`tr[data-article-id="${article.id}"]`).waitFor({ state: 'detached' });
    };
    // The toast after a delete puts the article back in one click, also from inside a dialog opened
    // meanwhile: the toast moves into it, where the dialog does not hide it.
    await deleteFromTable(undone);
    await page.getByRole('button', { name: `ویرایش «${kept.title}»` }).click();
    const dialog = page.getByRole('dialog', { name: 'ویرایش مقاله' });
    await dialog.locator('.ProseMirror').waitFor();
    // It lies clear of the dialog's title, its close button and its footer's buttons: on a wide
    // screen over the screen's bottom corner, on a phone at the top of the dialog, above the title.
    const coveredByToast = async () => {
      const toastBox = (await dialog.locator('[data-toast-viewport] li').boundingBox())!;
      const covered: string[] = [];
      for (const [name, control] of [
        ['title', dialog.getByRole('heading', { name: 'ویرایش مقاله' })], ['close', dialog.getByRole('button', { name: 'بستن', exact: true })],
        ['save', dialog.getByRole('button', { name: 'به‌روزرسانی' })], ['cancel', dialog.getByRole('button', { name: 'انصراف' })],
      ] as const) {
        const box = (await control.boundingBox())!;
        if (box.x < toastBox.x + toastBox.width && toastBox.x < box.x + box.width && box.y < toastBox.y + toastBox.height && toastBox.y < box.y + box.height) covered.push(name);
      }
      return covered;
    };
    expect(await coveredByToast()).toEqual([]);
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await coveredByToast()).toEqual([]);
    // Walking back up the scrolled form, each field Shift+Tab reaches stops below the toast (held
    // open by the pointer resting on it), not under it.
    await dialog.locator('[data-toast-viewport] li').hover();
    await dialog.evaluate((panel) => { panel.scrollTop = 300; });
    // Stuck at the top of the scrolled dialog, the toast keeps the dialog's padding above it as a
    // band from the dialog's edge: nothing of the form shows through there, nor takes a tap.
    const band = await dialog.evaluate((panel) => {
      const toast = panel.querySelector('[data-toast-viewport] li')!.getBoundingClientRect();
      const edge = panel.getBoundingClientRect().top + panel.clientTop;
      const inBand = [edge + 2, (edge + toast.top) / 2].map((y) => document.elementFromPoint(toast.left + toast.width / 2, y)?.closest('[data-toast-viewport]') != null);
      return { gap: Math.round(toast.top - edge), inBand };
    });
    expect(band).toEqual({ gap: 20, inBand: [true, true] });
    await dialog.getByRole('textbox', { name: 'کلیدواژه‌ها' }).focus();
    const hidden: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      const covered = await focusCovered(page);
      if (covered) hidden.push(covered);
    }
    expect(hidden).toEqual([]);
    await page.setViewportSize(size);
    await dialog.getByRole('button', { name: 'بازگرداندن', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: `${formatNumberFa(1)} مقاله بازگردانده شد` }).waitFor();
    await dialog.getByRole('button', { name: 'انصراف' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator(`tr[data-article-id="${undone.id}"]`).getByText(undone.title, { exact: true }).waitFor();
    expect((await fetch(`${suite.site.baseUrl}/api/articles/${undone.id}`)).status).toBe(200);

    await deleteFromTable(kept);
    await deleteFromTable(purged);
    expect((await fetch(`${suite.site.baseUrl}/api/articles/${kept.id}`)).status).toBe(404);
    expect(await blocked()).toContain(`${kept.source}/${kept.telegramId}`);

    // The toolbar's link leads to them, newest deletion first, each with its comments counted.
    await page.getByRole('search').getByRole('link', { name: 'مقاله‌های حذف‌شده' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/deleted-articles');
    await settled(page);
    const keptRow = page.locator(`tr[data-deleted-id="${kept.id}"]`);
    const purgedRow = page.locator(`tr[data-deleted-id="${purged.id}"]`);
    await keptRow.getByText(kept.title, { exact: true }).waitFor();
    await purgedRow.getByText(purged.title, { exact: true }).waitFor();
    expect(await page.locator('tr[data-deleted-id]').evaluateAll((rows) => rows.slice(0, 2).map((r) => Number(r.getAttribute('data-deleted-id'))))).toEqual([purged.id, kept.id]);
    const trash = await api<DeletedArticleList>(page, '/api/admin/deleted-articles?page=1&limit=50');
    const keptEntry = trash.articles.find((a) => a.id === kept.id)!;
    expect(keptEntry.comments).toBeGreaterThanOrEqual(1);
    expect(await keptRow.locator('td[data-label="نظرها"]').innerText()).toBe(formatNumberFa(keptEntry.comments));
    expect(await keptRow.locator('td[data-label="منبع"] bdi').innerText()).toBe(`@${kept.source}`);
    expect(await page.getByText(`مقاله‌های حذف‌شده ${formatNumberFa(trash.retentionDays)} روز`).count()).toBe(1);
    // The screen reads well on a phone in dark and on a desktop in light.
    const problems: string[] = [];
    for (const [width, scheme] of [[390, 'dark'], [1280, 'light']] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      if (await horizontalOverflow(page) > 0) problems.push(`${width} ${scheme}: overflow`);
      for (const v of await seriousAxeViolations(page)) problems.push(`${width} ${scheme}: ${v.id} ${v.nodes.join(', ')}`);
      await shoot(page, `deleted-articles-${width}-${scheme}`);
    }
    expect(problems).toEqual([]);

    // Restore: the same id at the same address, its comment back, its post off the blocklist.
    await keptRow.getByRole('button', { name: `بازگرداندن «${kept.title}»` }).click();
    await expectToast(page, `${formatNumberFa(1)} مقاله بازگردانده شد`);
    await keptRow.waitFor({ state: 'detached' });
    expect((await fetch(`${suite.site.baseUrl}/api/articles/${kept.id}`)).status).toBe(200);
    const back = (await (await fetch(`${suite.site.baseUrl}/api/articles/${kept.id}/comments`)).json()) as { comments: { content: string }[] };
    expect(back.comments.map((c) => c.content)).toContain('نظری که با مقاله برمی‌گردد');
    expect(await blocked()).not.toContain(`${kept.source}/${kept.telegramId}`);

    // Remove for good: only through a confirmation that says it cannot be undone.
    await purgedRow.getByRole('button', { name: `حذف همیشگی «${purged.title}»` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'حذف همیشگی مقاله' });
    expect(await confirm.innerText()).toContain('برای همیشه پاک می‌شود و دیگر بازگرداندنی نیست');
    await shoot(page, 'deleted-articles-purge-1280-light', { fullPage: false });
    await confirm.getByRole('button', { name: 'حذف همیشگی', exact: true }).click();
    await expectToast(page, 'مقاله برای همیشه حذف شد');
    await purgedRow.waitFor({ state: 'detached' });
    const after = await api<DeletedArticleList>(page, '/api/admin/deleted-articles?page=1&limit=50');
    expect(after.articles.map((a) => a.id)).not.toContain(purged.id);
    expect((await page.request.get(`/api/admin/articles/${purged.id}`)).status()).toBe(404);

    // The restored article is in the articles table again.
    await page.goto('/admin');
    await settled(page);
    await page.locator(`tr[data-article-id="${kept.id}"]`).getByText(kept.title, { exact: true }).waitFor();
  });
});
