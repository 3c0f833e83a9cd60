// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { renderWithApp } from '../testing/render.tsx';
import { HydrateWhenVisible } from './hydrate-when-visible.tsx';

describe('HydrateWhenVisible', () => {
  it('renders its block in full on the server, inside one element its hydration can find', () => {
    const html = renderToString(<HydrateWhenVisible name="related" className="mt-4"><p>خبرهای مرتبط</p></HydrateWhenVisible>);
    expect(html).toContain('<div data-hydrate="related" class="mt-4"><p>خبرهای مرتبط</p></div>');
  });

  it('is an ordinary block when rendered outside the page\'s first hydration (client navigation)', () => {
    renderWithApp(<HydrateWhenVisible name="footer"><button type="button">عضویت</button></HydrateWhenVisible>);
    const button = screen.getByRole('button', { name: 'عضویت' });
    expect(button.closest('[data-hydrate="footer"]')).not.toBeNull();
  });
});
