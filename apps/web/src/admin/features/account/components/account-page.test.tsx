// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { newPasswordField } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { AccountPage } from './account-page.tsx';

const ACCOUNT = {
  user: { id: 1, username: 'owner', name: null, email: null, role: 'owner', status: 'active', twoFactor: false, createdAt: '2026-11-20T10:00:00.000Z', lastLoginAt: null, invitedBy: null, inviteExpiresAt: null },
  twoFactor: { enabled: false, recoveryCodesLeft: 0, required: false },
};

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    // The session status holds the CSRF token a change is sent with.
    if (url.startsWith('/api/admin/status')) return json({ isAuthenticated: true, username: 'owner', csrfToken: 't', role: 'owner', permissions: [], twoFactorSetupRequired: false, trashRetentionDays: 30 });
    if (url.startsWith('/api/admin/account/sessions')) return json({ sessions: [] });
    if (url.startsWith('/api/admin/account/password')) return json({ success: true, message: 'رمز عبور تغییر کرد', endedSessions: 0 });
    if (url.startsWith('/api/admin/account')) return json(ACCOUNT);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const passwordRequests = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/account/password'));

describe('changing one\'s password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a new password under ten characters before sending, in the contract\'s words', async () => {
    const fetch = serve();
    renderWithApp(<AccountPage />);
    const current = await screen.findByLabelText('رمز عبور کنونی');
    const next = screen.getByLabelText('رمز عبور تازه (دست‌کم ۱۰ نویسه)');
    const submit = screen.getByRole('button', { name: 'تغییر رمز عبور' });
    fireEvent.change(current, { target: { value: 'old-password-1' } });
    fireEvent.change(next, { target: { value: '123456789' } });

    // The sentence is the server's own (the contract's), not a copy.
    const message = newPasswordField.safeParse('123456789').error!.issues[0]!.message;
    expect(message).toBe('رمز عبور باید دست‌کم ۱۰ نویسه باشد');
    expect(screen.getByText(message).id).toBe(next.getAttribute('aria-describedby'));
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(submit.closest('form')!);
    expect(passwordRequests(fetch)).toHaveLength(0);

    fireEvent.change(next, { target: { value: '1234567890' } });
    expect(screen.queryByText(message)).toBeNull();
    expect(next.getAttribute('aria-invalid')).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(passwordRequests(fetch)).toHaveLength(1));
  });
});
