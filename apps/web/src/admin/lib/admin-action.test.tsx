// @vitest-environment jsdom
// An admin action whose answer says it did not succeed is not announced as a success.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import '../../testing/dom-shims.ts';
import { renderWithApp } from '../../testing/render.tsx';
import { TOAST_TITLES, useAdminAction } from './api.ts';

const STATUS = { isAuthenticated: true, username: 'admin', csrfToken: 't', role: 'admin', permissions: ['view', 'channels'], twoFactorSetupRequired: false, trashRetentionDays: 30 };

function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
    new Response(JSON.stringify(String(input).startsWith('/api/admin/status') ? STATUS : body), { status: 200, headers: { 'content-type': 'application/json' } })));
}

function Check() {
  const check = useAdminAction<void, { success: boolean; message: string }>({
    run: (request) => request('POST', '/api/admin/validate-channels'),
    success: (v) => v.message,
    failure: 'بررسی کانال‌ها با خطا مواجه شد',
  });
  return <button type="button" onClick={() => check.mutate()}>بررسی کانال‌ها</button>;
}

describe('useAdminAction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an answer with success false under «خطا», in its own words', async () => {
    answer({ success: false, message: '۱ از ۲ کانال در دسترس است' });
    renderWithApp(<Check />);
    fireEvent.click(screen.getByRole('button', { name: 'بررسی کانال‌ها' }));
    const toast = (await screen.findByText('۱ از ۲ کانال در دسترس است')).closest('[role]')!;
    expect(toast.getAttribute('role')).toBe('alert');
    expect(toast.textContent).toContain(TOAST_TITLES.error);
    expect(screen.queryByText(TOAST_TITLES.success)).toBeNull();
  });

  it('shows a successful answer under «موفقیت»', async () => {
    answer({ success: true, message: '۲ از ۲ کانال در دسترس است' });
    renderWithApp(<Check />);
    fireEvent.click(screen.getByRole('button', { name: 'بررسی کانال‌ها' }));
    const toast = (await screen.findByText('۲ از ۲ کانال در دسترس است')).closest('[role]')!;
    expect(toast.getAttribute('role')).toBe('status');
    expect(toast.textContent).toContain(TOAST_TITLES.success);
  });
});
