// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminArticle, ArticleVersion, ArticleVersionSummary } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { HistoryPanel } from './history-panel.tsx';

const EDITOR = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['self', 'view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };
const LRI = '\u2066';
const PDI = '\u2069';

const CURRENT: AdminArticle = {
  id: 7, title: 'سرعت اینترنت همراه در تهران دو برابر شد', slug: 'x', excerpt: 'گزارش تازهٔ سنجش سرعت، امروز منتشر شد.', content: '<p>متن کامل خبر.</p>',
  category: 'Technology', keywords: '', imageUrl: null, videoUrl: null, featured: false, metaDescription: null, source: 'akhbar_rooz', telegramId: 12,
  publishedAt: '2026-11-20T10:00:00.000Z', views: 3, status: 'published', isPublished: true, unpublishedReason: null, unpublishedAt: null,
  editedFields: ['title', 'excerpt'], telegramUrl: null,
} as unknown as AdminArticle;

/** The article before the admin's edit of its title and excerpt (saved 20 Nov 2026 = ۲۹ آبان ۱۴۰۵, 13:30 Tehran). */
const BEFORE_EDIT: ArticleVersionSummary = {
  id: 3, articleId: 7, title: 'سرعت میانگین اینترنت همراه در تهران', category: 'Technology', action: 'edit',
  changedFields: ['title', 'excerpt'], summary: 'ویرایش (عنوان، خلاصه) توسط admin', savedBy: 'admin', savedAt: '2026-11-20T10:00:00.000Z',
};
/** The article before the pipeline rebuilt its content from the post. */
const BEFORE_REBUILD: ArticleVersionSummary = {
  id: 2, articleId: 7, title: 'سرعت میانگین اینترنت همراه در تهران', category: 'Technology', action: 'regenerate',
  changedFields: ['content'], summary: '', savedBy: null, savedAt: '2026-11-19T08:00:00.000Z',
};

const FIELDS: Record<number, ArticleVersion['fields']> = {
  3: {
    title: 'سرعت میانگین اینترنت همراه در تهران', excerpt: 'گزارش سنجش سرعت منتشر شد.', content: '<p>متن کامل خبر.</p>', category: 'فناوری', keywords: '',
    metaDescription: null, imageUrl: null, videoUrl: null, featured: false,
  },
  // The same as the current article: restoring it would change nothing.
  2: {
    title: CURRENT.title, excerpt: CURRENT.excerpt, content: CURRENT.content, category: 'Technology', keywords: '',
    metaDescription: null, imageUrl: null, videoUrl: null, featured: false,
  },
};

interface Call { method: string; url: string }

function serve(options: { restoreFails?: boolean } = {}) {
  const calls: Call[] = [];
  let versions = [BEFORE_EDIT, BEFORE_REBUILD];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json(EDITOR);
    if (url === '/api/admin/articles/7/versions') return json({ versions });
    const one = /^\/api\/admin\/articles\/7\/versions\/(\d+)$/.exec(url);
    if (one) {
      const summary = versions.find((v) => v.id === Number(one[1]))!;
      return json({ ...summary, fields: FIELDS[summary.id] });
    }
    if (method === 'POST' && url === '/api/admin/articles/7/versions/3/restore') {
      if (options.restoreFails) return json({ message: 'نسخهٔ مورد نظر یافت نشد' }, 404);
      versions = [{ ...BEFORE_EDIT, id: 4, action: 'restore', savedAt: '2026-11-21T10:00:00.000Z' }, ...versions];
      return json({ ...CURRENT, ...FIELDS[3] });
    }
    return new Response('{}', { status: 404 });
  }));
  return calls;
}

// The first render of a file loads the panel's modules: on a loaded machine that can pass the default second.
const entries = async () => {
  const list = await screen.findByRole('list', { name: 'نسخه‌ها، از تازه‌ترین' }, { timeout: 5_000 });
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1), { timeout: 5_000 });
  return within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
};

describe('the edit dialog\'s history', () => {
  afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

  it('lists the current article first, not restorable, then each version named for the save that replaced it', async () => {
    serve();
    renderWithApp(<HistoryPanel articleId={7} current={CURRENT} onRestored={() => {}} />);
    const [current, beforeEdit, beforeRebuild] = await entries();

    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(current).getByText('نسخهٔ فعلی')).toBeTruthy();
    expect(current.textContent).toContain(CURRENT.title);
    // How the current article came to be: the newest save, with its Persian date.
    expect(current.textContent).toContain(`حاصل ویرایش (عنوان، خلاصه) توسط ${LRI}admin${PDI}، ۲۹ آبان ۱۴۰۵ ساعت ۱۳:۳۰`);
    expect(within(current).queryAllByRole('button')).toEqual([]);

    // The old title is the version's, and the label says the edit replaced it (the defect: it read as the edit).
    expect(within(beforeEdit).getByText(`نسخهٔ پیش از ویرایش (عنوان، خلاصه) توسط ${LRI}admin${PDI}`)).toBeTruthy();
    expect(beforeEdit.textContent).toContain('جایگزین‌شده در ۲۹ آبان ۱۴۰۵ ساعت ۱۳:۳۰');
    expect(beforeEdit.textContent).toContain('عنوان این نسخه: «سرعت میانگین اینترنت همراه در تهران»');
    expect(within(beforeEdit).getAllByRole('button').map((b) => b.textContent)).toEqual(['مقایسه', 'بازگرداندن']);
    expect(within(beforeEdit).getByRole('button', { name: /^بازگرداندن نسخهٔ پیش از ویرایش/ })).toBeTruthy();

    // A save by the pipeline has no admin.
    expect(within(beforeRebuild).getByText('نسخهٔ پیش از بازسازی از پست (محتوا) به دست سامانه')).toBeTruthy();
    for (const li of [current, beforeEdit, beforeRebuild]) expect(li.textContent).not.toMatch(/[0-9]/);
  });

  it('compares a version with the current article: only the changed fields, words marked; Escape returns focus to «مقایسه»', async () => {
    serve();
    renderWithApp(<HistoryPanel articleId={7} current={CURRENT} onRestored={() => {}} />);
    const [, beforeEdit] = await entries();
    const trigger = within(beforeEdit).getByRole('button', { name: /^مقایسهٔ نسخهٔ پیش از ویرایش/ });
    trigger.focus();
    fireEvent.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'مقایسه با نسخهٔ فعلی' });
    await within(dialog).findByRole('heading', { name: 'عنوان' });
    // Title and excerpt differ; the content is the same and the category only spelled otherwise ('فناوری' and 'Technology').
    expect(within(dialog).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['عنوان', 'خلاصه']);

    const title = within(dialog).getByRole('heading', { name: 'عنوان' }).closest('section')!;
    const [version, now] = Array.from(title.querySelectorAll('p.whitespace-pre-wrap'));
    expect(title.textContent).toContain('این نسخه');
    expect(title.textContent).toContain('نسخهٔ فعلی');
    // Only words are marked, the spaces around them left outside; each side still reads as its whole value.
    expect(Array.from(version.querySelectorAll('del'), (d) => d.textContent)).toEqual(['حذف‌شده: میانگین']);
    expect(version.textContent?.replace('حذف‌شده: ', '')).toBe('سرعت میانگین اینترنت همراه در تهران');
    expect(now.textContent?.replace('افزوده‌شده: ', '')).toBe(CURRENT.title);
    expect(version.querySelectorAll('ins')).toHaveLength(0);
    expect(Array.from(now.querySelectorAll('ins'), (d) => d.textContent)).toEqual(['افزوده‌شده: دو برابر شد']);
    expect(now.querySelectorAll('del')).toHaveLength(0);
    const excerpt = within(dialog).getByRole('heading', { name: 'خلاصه' }).closest('section')!;
    expect(Array.from(excerpt.querySelectorAll('ins'), (d) => d.textContent?.replace('افزوده‌شده: ', ''))).toEqual(['تازهٔ', '، امروز']);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(trigger);
  });

  it('asks before restoring, naming the fields that will change, then lists the restore and focuses the current version', async () => {
    const calls = serve();
    const restored = vi.fn();
    renderWithApp(<HistoryPanel articleId={7} current={CURRENT} unsavedChanges onRestored={restored} />);
    const [, beforeEdit] = await entries();
    fireEvent.click(within(beforeEdit).getByRole('button', { name: /^بازگرداندن/ }));

    const confirm = await screen.findByRole('alertdialog', { name: 'بازگرداندن نسخه' });
    const fields = within(confirm).getByRole('list', { name: 'فیلدهایی که تغییر می‌کنند' });
    expect(within(fields).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['عنوان', 'خلاصه']);
    expect(confirm.textContent).toContain(`به مقدار «نسخهٔ پیش از ویرایش (عنوان، خلاصه) توسط ${LRI}admin${PDI}، ۲۹ آبان ۱۴۰۵ ساعت ۱۳:۳۰» برمی‌گردند`);
    expect(confirm.textContent).toContain('تغییرهای ذخیره‌نشدهٔ فرم ویرایش از بین می‌رود.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(confirm).getByRole('button', { name: 'بازگرداندن' }));
    await waitFor(() => expect(restored).toHaveBeenCalledWith(expect.objectContaining({ title: FIELDS[3].title })));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/articles/7/versions/3/restore']);
    // The list was read again: the state the restore replaced is the newest version.
    await waitFor(async () => expect(await entries()).toHaveLength(4));
    const [current, newest] = await entries();
    expect(within(newest).getByText(`نسخهٔ پیش از بازگرداندن نسخه‌ای دیگر (عنوان، خلاصه) توسط ${LRI}admin${PDI}`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(await screen.findByText('نسخهٔ انتخاب‌شده بازگردانده شد')).toBeTruthy();
  });

  it('says in Persian when a restore fails, and that a version equal to the current article changes nothing', async () => {
    serve({ restoreFails: true });
    renderWithApp(<HistoryPanel articleId={7} current={CURRENT} onRestored={() => {}} />);
    const [, beforeEdit, same] = await entries();

    fireEvent.click(within(same).getByRole('button', { name: /^بازگرداندن/ }));
    expect(await screen.findByText('این نسخه با نسخهٔ فعلی یکسان است؛ بازگرداندن آن چیزی را تغییر نمی‌دهد.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(beforeEdit).getByRole('button', { name: /^بازگرداندن/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'بازگرداندن نسخه' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'بازگرداندن' }));
    expect(await screen.findByText('نسخهٔ مورد نظر یافت نشد')).toBeTruthy();
  });
});
