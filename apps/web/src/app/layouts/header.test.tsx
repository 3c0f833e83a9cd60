// @vitest-environment jsdom
// The header's phone menu: Escape closes it and gives focus back to its toggle, not to <body>.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../testing/render.tsx';
import { Header } from './header.tsx';

describe('Header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Escape in the phone menu closes it and focuses the menu toggle', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401 })));
    renderWithApp(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'منو' }));
    const link = screen.getByRole('link', { name: 'موضوعات داغ' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'موضوعات داغ' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'منو' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
