// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../../testing/render.tsx';
import { InvitePage } from './invite-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('invitation page', () => {
  it('without a token says so and leads to the login page and the site', () => {
    renderWithApp(<InvitePage />, { route: '/admin/invite' });
    expect(screen.getByRole('alert').textContent).toContain('پیوند دعوت کامل نیست');
    const ways = within(screen.getByRole('navigation', { name: 'راه‌های دیگر' }));
    expect(ways.getByRole('link', { name: 'ورود به پنل مدیریت' }).getAttribute('href')).toBe('/admin/login');
    expect(ways.getByRole('link', { name: 'صفحه اصلی سایت' }).getAttribute('href')).toBe('/');
  });

  it('with a used link shows the server\'s reason and the same ways out', async () => {
    const message = 'این پیوند دعوت پیش‌تر استفاده شده است';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'gone', message }), { status: 410, headers: { 'content-type': 'application/json' } })));
    window.location.hash = '#used-token';
    renderWithApp(<InvitePage />, { route: '/admin/invite' });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'ورود به پنل مدیریت' })).toBeTruthy();
  });
});
