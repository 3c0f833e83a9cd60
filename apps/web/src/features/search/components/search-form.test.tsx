// @vitest-environment jsdom
// /search has two search landmarks, the header's and the page's: each has a name of its own.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { DEFAULT_SEARCH } from '../api.ts';
import { HeaderSearch } from './header-search.tsx';
import { SearchForm } from './search-form.tsx';

describe('search landmarks', () => {
  it('names the header\'s search and the page\'s advanced search apart', () => {
    renderWithApp(<><HeaderSearch /><SearchForm params={DEFAULT_SEARCH} onChange={() => {}} /></>, { route: '/search' });
    const names = screen.getAllByRole('search').map((form) => form.getAttribute('aria-label'));
    expect(names).toEqual(['جستجوی سریع', 'جستجوی پیشرفته']);
  });
});
