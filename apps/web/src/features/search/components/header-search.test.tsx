// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { HeaderSearch } from './header-search.tsx';

describe('HeaderSearch', () => {
  it('ignores a blank query', () => {
    renderWithApp(<HeaderSearch />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('goes to /search with the encoded query and clears the box', () => {
    renderWithApp(<HeaderSearch />);
    const box = screen.getByRole('searchbox', { name: 'جستجو در اخبار' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'قیمت دلار' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByTestId('location').textContent).toBe('/search?q=%D9%82%DB%8C%D9%85%D8%AA+%D8%AF%D9%84%D8%A7%D8%B1');
    expect(box.value).toBe('');
  });

  it('focuses its box when opened later (autoFocus alone is ignored after mount)', () => {
    renderWithApp(<HeaderSearch autoFocus />);
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
  });
});
