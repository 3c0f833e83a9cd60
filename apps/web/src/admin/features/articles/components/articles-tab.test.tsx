// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { ArticlesTab } from './articles-tab.tsx';

const ROW = {
  id: 7, title: 'خبر آزمایشی', slug: 'خبر', category: 'Politics', publishedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
  views: 3, featured: false, telegramId: 12, source: 'akhbar_rooz', telegramUrl: null, imageUrl: null, status: 'published', isPublished: true,
  unpublishedReason: null, unpublishedAt: null, editedFields: [], missingMedia: null as string | null,
};
const ARTICLE = { ...ROW, excerpt: 'خلاصه', content: '<p>متن</p>', keywords: '', videoUrl: null, metaDescription: null };
const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

function serve(row = ROW) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json(STATUS);
    if (url.startsWith('/api/admin/channels')) return json({ channels: [] });
    if (url.startsWith('/api/categories')) return json([{ id: 1, slug: 'politics', nameEn: 'Politics', name: 'سیاست', description: '' }]);
    if (url.startsWith('/api/admin/articles/7')) return json(ARTICLE);
    if (url.startsWith('/api/admin/articles')) return json({ articles: [row], pagination: { page: 1, limit: 20, total: 1, totalPages: 1, totalExact: true } });
    return new Response('{}', { status: 404 });
  }));
}

// Radix returns focus in a timeout after the dialog unmounts.
const focusSettled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the articles tab\'s dialogs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns focus to the row\'s delete button when the confirmation is cancelled', async () => {
    serve();
    renderWithApp(<ArticlesTab />);
    const remove = await screen.findByRole('button', { name: 'حذف «خبر آزمایشی»' });
    remove.focus();
    fireEvent.click(remove);
    const cancel = await screen.findByRole('button', { name: 'انصراف' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    // Before confirming, the editor reads where the article goes and for how long, the choice that deletes nothing, and where the post goes.
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('این مقاله با نظرها و امتیازهایش به «مقاله‌های حذف‌شده» می‌رود و تا ۳۰ روز از همان‌جا بازگرداندنی است؛ پس از آن برای همیشه پاک می‌شود.');
    expect(dialog.textContent).toContain('برای برداشتن از سایت بدون حذف، «لغو انتشار» را به کار ببرید.');
    expect(dialog.textContent).toContain('پست تلگرامی آن به «فهرست مسدود» می‌رود تا دوباره ساخته نشود؛ بازگرداندن مقاله، پستش را هم از فهرست مسدود بیرون می‌آورد.');
    expect(dialog.textContent).not.toContain('برگشت‌پذیر نیست');
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(remove);
  });

  it('after a delete, the toast\'s «بازگرداندن» puts the article back in one click', async () => {
    serve();
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    const served = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method !== 'GET') calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'DELETE' && url === '/api/admin/articles/7') {
        return json({ success: true, blocked: true, message: 'مقاله حذف شد و پست آن در فهرست مسدود قرار گرفت؛ تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است' });
      }
      if (method === 'POST' && url === '/api/admin/deleted-articles/restore') return json({ success: true, message: '۱ مقاله بازگردانده شد', restored: [7], skipped: [] });
      return served(input, init);
    });
    renderWithApp(<ArticlesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'حذف «خبر آزمایشی»' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await screen.findByText(/تا ۳۰ روز از «مقاله‌های حذف‌شده» بازگرداندنی است/);
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/admin/articles/7', body: undefined }]);
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('۱ مقاله بازگردانده شد');
    expect(calls[1]).toEqual({ method: 'POST', url: '/api/admin/deleted-articles/restore', body: { articleIds: [7] } });
  });

  it('returns focus to the row\'s edit button when the edit dialog is closed with Escape', async () => {
    serve();
    renderWithApp(<ArticlesTab />);
    const edit = await screen.findByRole('button', { name: 'ویرایش «خبر آزمایشی»' });
    edit.focus();
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    await screen.findByRole('textbox', { name: 'عنوان' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(edit);
  });

  it('returns focus to the row\'s edit button when the edit dialog is closed with «بستن بدون ذخیره»', async () => {
    serve();
    renderWithApp(<ArticlesTab />);
    const edit = await screen.findByRole('button', { name: 'ویرایش «خبر آزمایشی»' });
    edit.focus();
    fireEvent.click(edit);
    const title = await screen.findByRole('textbox', { name: 'عنوان' }, { timeout: 5000 });
    // Edited after the loaded article fills the form; react-hook-form marks it dirty after its async validation.
    await waitFor(() => expect((title as HTMLInputElement).value).toBe('خبر آزمایشی'));
    fireEvent.change(title, { target: { value: 'عنوان تازهٔ خبر' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(title, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'بستن بدون ذخیره' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await focusSettled();
    expect(document.activeElement).toBe(edit);
  });

  it('says of an article published without its photo what it lacks and that the next check fetches it again', async () => {
    const lacks = 'بی‌تصویر: دریافت از تلگرام نشد (سرور رسانه فایل را نداد (۵۰۰))';
    serve({ ...ROW, missingMedia: lacks });
    const { container } = renderWithApp(<ArticlesTab />);
    await screen.findByRole('button', { name: 'حذف «خبر آزمایشی»' });
    expect(container.querySelector('[data-article-id="7"] [data-missing-media]')?.textContent).toBe(`${lacks}؛ تا یک هفته پس از دریافت پست، هر بررسی دوباره امتحان می‌کند`);
  });
});

describe('paging the articles', () => {
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); });

  it('«بعدی» brings the new page\'s top into view and focus there, without motion when less is asked', async () => {
    const pages: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/admin/status')) return json(STATUS);
      if (url.startsWith('/api/admin/channels')) return json({ channels: [] });
      if (url.startsWith('/api/admin/articles')) {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        pages.push(String(page));
        return json({ articles: [{ ...ROW, id: page, title: `خبر صفحه ${page}` }], pagination: { page, limit: 20, total: 40, totalPages: 2, totalExact: true } });
      }
      return new Response('{}', { status: 404 });
    }));
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', addEventListener() {}, removeEventListener() {} }));
    // The pager is far down a long page: the list's top is above the window.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: -7000, bottom: -6000, left: 0, right: 390, width: 390, height: 1000, x: 0, y: -7000, toJSON() {} } as DOMRect);
    const scrolled: Array<{ element: Element; options: unknown }> = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options) { scrolled.push({ element: this, options }); });
    renderWithApp(<ArticlesTab />);
    await screen.findByText('خبر صفحه 1');
    const next = screen.getByRole('button', { name: /بعدی/ });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('خبر صفحه 2');
    const list = screen.getByRole('group', { name: 'مقالات، صفحهٔ ۲' });
    expect(document.activeElement).toBe(list);
    expect(list.querySelector('table')).toBeTruthy();
    expect(scrolled).toContainEqual({ element: list, options: { block: 'start', behavior: 'instant' } });
  });
});
