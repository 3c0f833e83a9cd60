// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render.tsx';
import { LoginForm } from './login-form.tsx';

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields, shows and hides the password, and notes who may log in', () => {
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByText('دسترسی فقط برای مدیران سیستم')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    expect(screen.getByRole('alert').textContent).toBe('لطفاً نام کاربری و رمز عبور را وارد کنید');
    const password = screen.getByLabelText('رمز عبور');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'نمایش رمز عبور' }));
    expect(password.getAttribute('type')).toBe('text');
  });

  it('posts the credentials and shows the server message on failure', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: 'invalid_credentials', message: 'نام کاربری یا رمز عبور اشتباه است' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fireEvent.change(screen.getByLabelText('نام کاربری'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('نام کاربری یا رمز عبور اشتباه است'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/login');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin', password: 'secret' });
  });

  it('asks for the second factor after a right password and sends the code with the challenge', async () => {
    const answers = [
      { success: false, twoFactorRequired: true, challenge: 'challenge-token-0123456789abcdef', message: 'کد ورود دومرحله‌ای را وارد کنید' },
      { error: 'unauthorized', message: 'کد ورود دومرحله‌ای درست نیست' },
      { success: true, message: 'ورود موفقیت‌آمیز بود', user: { id: 1, username: 'admin', role: 'owner' }, csrfToken: 't', twoFactorSetupRequired: false, trashRetentionDays: 30 },
    ];
    const statuses = [200, 401, 200];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: statuses.shift() }));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('نام کاربری'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    const code = await screen.findByLabelText('کد ورود دومرحله‌ای');
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('کد ورود دومرحله‌ای درست نیست'));
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ success: true, user: expect.objectContaining({ username: 'admin' }) })));
    const [url, init] = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/login/two-factor');
    expect(JSON.parse(String(init.body))).toEqual({ challenge: 'challenge-token-0123456789abcdef', code: '654321' });
  });

  it('marks and focuses the first empty field, tied to the message', () => {
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    const username = screen.getByLabelText('نام کاربری');
    const password = screen.getByLabelText('رمز عبور');
    fireEvent.change(username, { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    const alert = screen.getByRole('alert');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(alert.id);
    expect(username.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(password);

    fireEvent.change(username, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
  });

  it('keeps focus on the button while the login is checked and after wrong credentials, with both fields marked', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => { answer = resolve; }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fireEvent.change(screen.getByLabelText('نام کاربری'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'wrong' } });
    const button = screen.getByRole('button', { name: 'ورود' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(new Response(JSON.stringify({ error: 'invalid_credentials', message: 'نام کاربری یا رمز عبور اشتباه است' }), { status: 401 }));
    const alert = await screen.findByRole('alert');
    for (const field of [screen.getByLabelText('نام کاربری'), screen.getByLabelText('رمز عبور')]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(document.activeElement).toBe(button);
  });
});
