// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../testing/dom-shims.ts';
import { ADMIN_STATUS_PATH } from '../features/auth/api.ts';
import { renderWithApp } from '../testing/render.tsx';
import { Dashboard } from './dashboard.tsx';

const status = { isAuthenticated: true, csrfToken: 't', username: 'admin', role: 'owner', twoFactorSetupRequired: false, trashRetentionDays: 30, permissions: ['self', 'view', 'jobs', 'comments', 'ignored', 'newsletter', 'settings'] };

afterEach(() => vi.restoreAllMocks());

describe('the dashboard tabs', () => {
  it('a tab opened by its address is scrolled into the tab row at once, a later pick too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    const scrolled: Array<{ tab: string; options: ScrollIntoViewOptions | undefined }> = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      if (this.getAttribute('role') === 'tab') scrolled.push({ tab: this.id, options: typeof options === 'object' ? options : undefined });
    });
    renderWithApp(<Dashboard />, { route: '/admin?tab=duplicate', data: [[[ADMIN_STATUS_PATH], status]] });
    expect(screen.getByRole('tab', { selected: true }).id).toBe('tab-duplicate');
    await waitFor(() => expect(scrolled[0]).toEqual({ tab: 'tab-duplicate', options: { block: 'nearest', inline: 'center', behavior: 'instant' } }));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'واترمارک' }));
    fireEvent.click(screen.getByRole('tab', { name: 'واترمارک' }));
    await waitFor(() => expect(scrolled.at(-1)?.tab).toBe('tab-watermark'));
    expect(scrolled.at(-1)?.options?.inline).toBe('center');
    vi.unstubAllGlobals();
  });
});
