// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { SearchResults, SEARCH_TEXTS } from './search-results.tsx';
import { SearchForm } from './search-form.tsx';
import { HeaderSearch } from './header-search.tsx';

const params = (q: string) => ({ q, category: 'all', sort: 'relevance', date: 'all' });

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
});
