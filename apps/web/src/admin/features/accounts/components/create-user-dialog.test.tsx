// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STAFF_NAME_MAX, newPasswordField, staffEmailField, staffNameField, usernameField } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';

function serve() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/admin/status')) return json({ isAuthenticated: true, username: 'owner', csrfToken: 't', role: 'owner', permissions: [], twoFactorSetupRequired: false, trashRetentionDays: 30 });
    if (url.startsWith('/api/admin/users')) {
      return json({ user: { id: 2, username: 'sara', name: null, email: null, role: 'editor', status: 'active', twoFactor: false, createdAt: '2026-12-01T10:00:00.000Z', lastLoginAt: null, invitedBy: 'owner', inviteExpiresAt: null }, invitation: null });
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const createRequests = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/admin/users'));

describe('the new account dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a bad username and a short password before sending, in the contract\'s words, tied to their fields', async () => {
    const fetch = serve();
    const onOpenChange = vi.fn();
    renderWithApp(<CreateUserDialog open onOpenChange={onOpenChange} mailConfigured={false} />);
    const username = await screen.findByLabelText('نام کاربری');
    fireEvent.change(username, { target: { value: 'ab' } });
    fireEvent.click(screen.getByLabelText('تعیین رمز عبور همین حالا'));
    const password = screen.getByLabelText('رمز عبور تازه');
    fireEvent.change(password, { target: { value: '123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'ساخت حساب' }));

    const usernameMessage = usernameField.safeParse('ab').error!.issues[0]!.message;
    const passwordMessage = newPasswordField.safeParse('123456789').error!.issues[0]!.message;
    expect(screen.getByText(usernameMessage).id).toBe(username.getAttribute('aria-describedby'));
    expect(screen.getByText(passwordMessage).id).toBe(password.getAttribute('aria-describedby'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(createRequests(fetch)).toHaveLength(0);

    // Corrected, the messages leave as the admin types and the account is sent once.
    fireEvent.change(username, { target: { value: 'sara' } });
    fireEvent.change(password, { target: { value: '1234567890' } });
    expect(screen.queryByText(usernameMessage)).toBeNull();
    expect(screen.queryByText(passwordMessage)).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ساخت حساب' }));
    await waitFor(() => expect(createRequests(fetch)).toHaveLength(1));
    expect(JSON.parse(String(createRequests(fetch)[0]![1]!.body))).toMatchObject({ username: 'sara', password: '1234567890', role: 'editor' });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('refuses a too long name and a malformed e-mail under their fields, stating the rule', async () => {
    const fetch = serve();
    renderWithApp(<CreateUserDialog open onOpenChange={() => {}} mailConfigured={false} />);
    fireEvent.change(await screen.findByLabelText('نام کاربری'), { target: { value: 'sara' } });
    const name = screen.getByLabelText('نام');
    const email = screen.getByLabelText('ایمیل');
    // The input stops typing at the server's limit; a longer value (set by script) is still refused.
    expect(name.getAttribute('maxLength')).toBe(String(STAFF_NAME_MAX));
    fireEvent.change(name, { target: { value: 'ن'.repeat(STAFF_NAME_MAX + 1) } });
    fireEvent.change(email, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'ساخت و دعوت' }));

    const nameMessage = staffNameField.safeParse('ن'.repeat(STAFF_NAME_MAX + 1)).error!.issues[0]!.message;
    const emailMessage = staffEmailField.safeParse('ab').error!.issues[0]!.message;
    expect(nameMessage).toContain('۱۰۰');
    expect(nameMessage).not.toMatch(/\d/);
    expect(screen.getByText(nameMessage).id).toBe(name.getAttribute('aria-describedby'));
    expect(screen.getByText(emailMessage).id).toBe(email.getAttribute('aria-describedby'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(createRequests(fetch)).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'سارا' } });
    fireEvent.change(email, { target: { value: 'sara@example.com' } });
    expect(screen.queryByText(nameMessage)).toBeNull();
    expect(screen.queryByText(emailMessage)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ساخت و دعوت' }));
    await waitFor(() => expect(createRequests(fetch)).toHaveLength(1));
    expect(JSON.parse(String(createRequests(fetch)[0]![1]!.body))).toMatchObject({ username: 'sara', name: 'سارا', email: 'sara@example.com', invite: true });
  });

  it('sends an invitation without asking for a password', async () => {
    const fetch = serve();
    renderWithApp(<CreateUserDialog open onOpenChange={() => {}} mailConfigured={false} />);
    fireEvent.change(await screen.findByLabelText('نام کاربری'), { target: { value: 'sara' } });
    fireEvent.click(screen.getByRole('button', { name: 'ساخت و دعوت' }));
    await waitFor(() => expect(createRequests(fetch)).toHaveLength(1));
    expect(JSON.parse(String(createRequests(fetch)[0]![1]!.body))).toMatchObject({ username: 'sara', invite: true });
  });
});
