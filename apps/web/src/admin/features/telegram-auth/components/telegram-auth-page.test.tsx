// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { TELEGRAM_AUTH_MESSAGES, type TelegramAuthInfo, type TelegramAuthStatus } from '@chapar/shared/contracts';
import '../../../../testing/dom-shims.ts';
import { renderWithApp } from '../../../../testing/render.tsx';
import { AUTH_INFO_KEY, AUTH_STATUS_KEY } from '../api.ts';
import { TelegramAuthPage } from './telegram-auth-page.tsx';

const INFO: TelegramAuthInfo = {
  configured: false, missing: ['TELEGRAM_API_ID', 'TELEGRAM_API_HASH'], codeIntervalHours: 22,
  lastCodeRequestAt: null, nextCodeRequestAt: null, codeRequestPhone: null,
};

function show(status: TelegramAuthStatus, info: TelegramAuthInfo) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const body = String(input).includes('auth-info') ? info : status;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return renderWithApp(<TelegramAuthPage />, { data: [[AUTH_STATUS_KEY, status], [AUTH_INFO_KEY, info]] });
}

describe('the Telegram sign-in status card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not repeat its heading in its body when sign-in is not configured', () => {
    const heading = 'ورود به تلگرام پیکربندی نشده است';
    const { container } = show({ step: 'phone', isAuthenticated: false, message: TELEGRAM_AUTH_MESSAGES.notConfigured, phoneNumber: null, userInfo: null }, INFO);
    const card = container.querySelector('[data-auth-state]')!;
    expect(card.textContent!.split(heading)).toHaveLength(2);
    // The variables to set are still named, once, in the card below.
    expect(container.querySelector('[data-not-configured]')!.textContent).toContain('TELEGRAM_API_HASH');
  });

  it('shows the server\'s sentence once sign-in is configured', () => {
    const message = 'برای استفاده از حساب تلگرام سایت، شماره تلفن آن را وارد کنید';
    show({ step: 'phone', isAuthenticated: false, message, phoneNumber: null, userInfo: null }, { ...INFO, configured: true, missing: [] });
    expect(screen.getByText('حساب تلگرام سایت وصل نیست')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
