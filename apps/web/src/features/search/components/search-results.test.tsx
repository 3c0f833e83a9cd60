// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { SearchResults, SEARCH_TEXTS } from './search-results.tsx';
import { SearchForm } from './search-form.tsx';
import { HeaderSearch } from './header-search.tsx';

const params = (q: string, page = 1) => ({ q, category: 'all', sort: 'relevance', date: 'all', page });

const found = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({
  id: from + i, title: `خبر ${from + i}`, content: '<p>x</p>', excerpt: '', category: 'Politics', keywords: '', views: 0, publishedAt: '2026-01-01T00:00:00Z',
}));

afterEach(() => { vi.unstubAllGlobals(); });

describe('search results', () => {
  it("a query the server refuses says the server's reason, since trying again would not help", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'validation_error', message: 'پارامتر نامعتبر است' }, { status: 400 })));
    renderWithApp(<SearchResults params={params('دلار')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('پارامتر نامعتبر است');
  });

  it('a query over 200 characters says so at once, without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SearchResults params={params(` ${'ب'.repeat(201)} `)} />);
    expect(screen.getByRole('alert').textContent).toBe('عبارت جستجو حداکثر ۲۰۰ نویسه است');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('200 characters are still searched', async () => {
    const fetch = vi.fn(async () => Response.json({ articles: [], total: 0 }));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SearchResults params={params('ب'.repeat(200))} />);
    await screen.findByRole('status');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a failure of the server itself says to try again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'internal', message: 'خطای داخلی' }, { status: 500 })));
    renderWithApp(<SearchResults params={params('دلار')} />);
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(SEARCH_TEXTS.failed);
  });

  it('both search fields stop at the longest query the server takes', () => {
    renderWithApp(<><HeaderSearch /><SearchForm params={params('')} onChange={() => {}} /></>);
    const boxes = screen.getAllByRole('searchbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box.maxLength).toBe(200);
  });

  it('shows the results past the first twenty on a second page, with links both ways that keep the filters', async () => {
    const fetch = vi.fn(async (url: string) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return Response.json({ articles: page === 1 ? found(1, 20) : found(21, 1), total: 21, page });
    });
    vi.stubGlobal('fetch', fetch);
    const first = renderWithApp(<SearchResults params={{ ...params('کشور'), sort: 'date' }} />);
    const pager = within(await screen.findByRole('navigation', { name: 'صفحه‌های نتیجه جستجو' }));
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(pager.queryByRole('link', { name: /نتیجه‌های قبلی/ })).toBeNull();
    expect(pager.getByRole('link', { name: /نتیجه‌های بعدی/ }).getAttribute('href')).toBe('/search?q=%DA%A9%D8%B4%D9%88%D8%B1&sort=date&page=2');
    first.unmount();

    renderWithApp(<SearchResults params={{ ...params('کشور', 2), sort: 'date' }} />);
    const second = within(await screen.findByRole('navigation', { name: 'صفحه‌های نتیجه جستجو' }));
    expect(screen.getByRole('heading', { name: 'خبر 21' })).toBeTruthy();
    expect(second.getByRole('link', { name: /نتیجه‌های قبلی/ }).getAttribute('href')).toBe('/search?q=%DA%A9%D8%B4%D9%88%D8%B1&sort=date');
    expect(second.queryByRole('link', { name: /نتیجه‌های بعدی/ })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('page'))).toEqual([null, '2']);
  });

  it('has no pager when every result fits on one page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ articles: found(1, 20), total: 20, page: 1 })));
    renderWithApp(<SearchResults params={params('کشور')} />);
    await screen.findByRole('status');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
