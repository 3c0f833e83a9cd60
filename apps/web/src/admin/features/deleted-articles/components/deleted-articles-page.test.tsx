// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeletedArticle, DeletedArticleList } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { ARTICLES_KEY, BLOCKLIST_KEY } from '../../../lib/article-keys.ts';
import { DeletedArticlesPage } from './deleted-articles-page.tsx';

const DAY = 86_400_000;
const EDITOR = { isAuthenticated: true, username: 'editor', csrfToken: 't', role: 'editor', permissions: ['self', 'view', 'articles'], twoFactorSetupRequired: false, trashRetentionDays: 30 };
const VIEWER = { ...EDITOR, username: 'viewer', role: 'viewer', permissions: ['self', 'view'] };

function deleted(id: number, title: string, extra: Partial<DeletedArticle> = {}): DeletedArticle {
  return {
    id, title, category: 'Politics', status: 'published', source: 'akhbar_rooz', telegramId: 1000 + id,
    reason: null, deletedBy: 'editor', deletedAt: '2026-11-20T10:00:00.000Z',
    // Three days and an hour from now: «۳ روز دیگر» whatever the clock says.
    purgeAt: new Date(Date.now() + 3 * DAY - 3_600_000).toISOString(), comments: 0, files: 0, remadeAs: null, ...extra,
  };
}

const ROWS = [
  deleted(41, 'خبر باران', { reason: 'تکراری مقالهٔ 54 (حذف توسط admin)', comments: 12, files: 2 }),
  deleted(42, 'یادداشت دستی', { source: null, telegramId: null, deletedBy: null, category: 'Technology' }),
  deleted(43, 'خبر دوباره‌ساخته', { remadeAs: 1234 }),
];

interface Call { method: string; url: string; body: unknown }

/** A fake server: the list (by page), the restore and the purge; every call is recorded. */
function serve(options: { status?: typeof EDITOR; list?: (page: number) => DeletedArticleList } = {}) {
  const calls: Call[] = [];
  const list = options.list ?? (() => ({ articles: ROWS, total: ROWS.length, page: 1, limit: 50, retentionDays: 30 }));
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json(options.status ?? EDITOR);
    if (method === 'GET' && url.startsWith('/api/admin/deleted-articles')) return json(list(Number(new URL(url, 'http://x').searchParams.get('page'))));
    if (url === '/api/admin/deleted-articles/restore') {
      const ids = (JSON.parse(String(init?.body)) as { articleIds: number[] }).articleIds;
      return json({ success: true, message: `${ids.length} مقاله بازگردانده شد`, restored: ids, skipped: [] });
    }
    if (method === 'DELETE') return json({ success: true, message: 'مقاله برای همیشه حذف شد' });
    return new Response('{}', { status: 404 });
  }));
  return calls;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)!;

describe('the deleted articles page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each deleted article in Persian: category, source or «دستی», who, why, comments and the day it goes for good', async () => {
    serve();
    renderWithApp(<DeletedArticlesPage />);
    const rain = await rowOf('خبر باران');
    expect(cell(rain, 'دسته‌بندی').textContent).toBe('سیاست');
    const source = within(rain).getByText('@akhbar_rooz');
    expect([source.localName, source.getAttribute('dir')]).toEqual(['bdi', 'ltr']);
    expect(within(rain).getByText('editor').localName).toBe('bdi');
    expect(cell(rain, 'دلیل').textContent).toBe('تکراری مقالهٔ ۵۴ (حذف توسط \u2066admin\u2069)');
    expect(cell(rain, 'نظرها').textContent).toBe('۱۲');
    expect(cell(rain, 'تاریخ حذف').textContent).toBe('۲۹ آبان ۱۴۰۵ ساعت ۱۳:۳۰');
    expect(cell(rain, 'پاک شدن همیشگی').textContent).toContain('۳ روز دیگر');
    expect(cell(rain, 'پاک شدن همیشگی').textContent).not.toMatch(/[0-9]/);

    const manual = await rowOf('یادداشت دستی');
    expect(cell(manual, 'منبع').textContent).toBe('دستی');
    expect(cell(manual, 'حذف‌کننده').textContent).toBe('نامشخص');
    expect(cell(manual, 'دلیل').textContent).toBe('بدون دلیل');
    expect(cell(manual, 'دسته‌بندی').textContent).toBe('فناوری');

    // The retention period in Persian digits, and what a restore does.
    const intro = screen.getByText(/^مقاله‌های حذف‌شده ۳۰ روز با نظرها، امتیازها و پرونده‌هایشان نگه داشته می‌شوند/);
    expect(intro.textContent).toContain('با همان نشانی');
    expect(intro.textContent).toContain('از «فهرست مسدود» بیرون می‌آورد');
    expect(document.title).toContain('مقاله‌های حذف‌شده');
  });

  it('does not offer to restore an article whose Telegram post became a new article, and leaves it out of «select all»', async () => {
    serve();
    renderWithApp(<DeletedArticlesPage />);
    const remade = await rowOf('خبر دوباره‌ساخته');
    expect(within(remade).queryByRole('button', { name: 'بازگرداندن «خبر دوباره‌ساخته»' })).toBeNull();
    expect(within(remade).queryByRole('checkbox')).toBeNull();
    expect(cell(remade, 'عنوان').textContent).toContain('بازگرداندنی نیست: پست تلگرامش پس از حذف دوباره مقالهٔ ۱۲۳۴ شده است.');
    expect(within(remade).getByText('۱۲۳۴').localName).toBe('bdi');
    // It can still be removed for good.
    expect(within(remade).getByRole('button', { name: 'حذف همیشگی «خبر دوباره‌ساخته»' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('checkbox', { name: 'انتخاب همه مقاله‌های این صفحه' })[0]!);
    await screen.findByRole('button', { name: 'بازگرداندن ۲ مقاله' });
  });

  it('restores the selected articles in one request after a confirmation that lists them, shows the server\'s message, and reads the articles and the blocklist again', async () => {
    const calls = serve();
    const { queryClient } = renderWithApp(<DeletedArticlesPage />, { data: [[[...ARTICLES_KEY, { page: 1 }], { articles: [] }], [BLOCKLIST_KEY, { posts: [], count: 0 }]] });
    await rowOf('خبر باران');
    expect(screen.queryByRole('group', { name: 'کار با مقاله‌های انتخاب‌شده' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'انتخاب «خبر باران»' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'انتخاب «یادداشت دستی»' }));
    fireEvent.click(await screen.findByRole('button', { name: 'بازگرداندن ۲ مقاله' }));
    // Nothing changes before the editor has seen the titles and confirmed.
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('خبر باران');
    expect(confirm.textContent).toContain('یادداشت دستی');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'بازگرداندن' }));
    await screen.findByText('۲ مقاله بازگردانده شد');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/admin/deleted-articles/restore', body: { articleIds: [41, 42] } }]);
    expect(queryClient.getQueryState([...ARTICLES_KEY, { page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(BLOCKLIST_KEY)?.isInvalidated).toBe(true);
    // The list is read again and the selection is gone.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/admin/deleted-articles')).length).toBe(2));
    expect(screen.queryByRole('group', { name: 'کار با مقاله‌های انتخاب‌شده' })).toBeNull();
  });

  it('restores one article from its row', async () => {
    const calls = serve();
    renderWithApp(<DeletedArticlesPage />);
    const rain = await rowOf('خبر باران');
    fireEvent.click(within(rain).getByRole('button', { name: 'بازگرداندن «خبر باران»' }));
    await screen.findByText('۱ مقاله بازگردانده شد');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ articleIds: [41] });
  });

  it('removes an article for good only after a confirmation that says it cannot be undone', async () => {
    const calls = serve();
    renderWithApp(<DeletedArticlesPage />);
    const rain = await rowOf('خبر باران');
    const purge = within(rain).getByRole('button', { name: 'حذف همیشگی «خبر باران»' });
    purge.focus();
    fireEvent.click(purge);
    const dialog = await screen.findByRole('alertdialog', { name: 'حذف همیشگی مقاله' });
    expect(dialog.textContent).toContain('مقالهٔ «خبر باران» با همهٔ آنچه همراهش نگه داشته شده برای همیشه پاک می‌شود و دیگر بازگرداندنی نیست');
    expect(dialog.textContent).toContain('۱۲ نظر، امتیازها، نشانک‌ها و تاریخچهٔ نسخه‌ها');
    expect(dialog.textContent).toContain('۲ پرونده از انبار رسانه');
    // Cancelled, the focus goes back to the row's button.
    fireEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(purge));

    // Nothing to count is not said as «۰».
    fireEvent.click(within(await rowOf('یادداشت دستی')).getByRole('button', { name: 'حذف همیشگی «یادداشت دستی»' }));
    const none = await screen.findByRole('alertdialog', { name: 'حذف همیشگی مقاله' });
    expect(within(none).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['امتیازها، نشانک‌ها و تاریخچهٔ نسخه‌ها']);
    fireEvent.click(within(none).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(purge);
    const again = await screen.findByRole('alertdialog', { name: 'حذف همیشگی مقاله' });
    // The safe choice has the focus first.
    await waitFor(() => expect(document.activeElement).toBe(within(again).getByRole('button', { name: 'انصراف' })));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(again).getByRole('button', { name: 'حذف همیشگی' }));
    await screen.findByText('مقاله برای همیشه حذف شد');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/deleted-articles/41']);
  });

  it('pages with the admin\'s pager when there is more than one page', async () => {
    const calls = serve({
      list: (page) => ({ articles: [deleted(100 + page, `مقالهٔ صفحهٔ ${page}`)], total: 120, page, limit: 50, retentionDays: 30 }),
    });
    renderWithApp(<DeletedArticlesPage />);
    await screen.findByText('مقالهٔ صفحهٔ 1');
    const pager = screen.getByRole('navigation', { name: 'صفحه‌های مقاله‌های حذف‌شده' });
    expect(within(pager).getAllByRole('button', { name: /^صفحه / }).map((b) => b.textContent)).toEqual(['۱', '۲', '۳']);
    expect(within(pager).getByRole('button', { name: 'صفحه ۱' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'قبلی' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'بعدی' }));
    await screen.findByText('مقالهٔ صفحهٔ 2');
    expect(within(screen.getByRole('navigation', { name: 'صفحه‌های مقاله‌های حذف‌شده' })).getByRole('button', { name: 'صفحه ۲' }).getAttribute('aria-current')).toBe('page');
    expect(calls.map((c) => c.url)).toContain('/api/admin/deleted-articles?page=2&limit=50');
  });

  it('says so when nothing is deleted, and shows a viewer the list without its buttons', async () => {
    serve({ list: () => ({ articles: [], total: 0, page: 1, limit: 50, retentionDays: 30 }) });
    renderWithApp(<DeletedArticlesPage />);
    await screen.findByText('هیچ مقالهٔ حذف‌شده‌ای نیست');
    expect(screen.queryByRole('navigation')).toBeNull();
    vi.unstubAllGlobals();

    serve({ status: VIEWER });
    renderWithApp(<DeletedArticlesPage />);
    const rain = await rowOf('خبر باران');
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^(بازگرداندن|حذف همیشگی) «/ })).toEqual([]));
    expect(within(rain).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'عملیات' })).toBeNull();
  });
});
