// The auth-status answer (spec 03 §3) from what is stored. Phone numbers leave the
// server masked: the status is polled every 2 s and may sit in logs and caches.
import type { TelegramAuthStatus } from '@chapar/shared/contracts';
import { isolate, maskPhone, TEXT } from './messages.ts';
import type { StoredAuthState } from './repo.ts';

const loggedOut = (message: string): TelegramAuthStatus => ({ step: 'phone', isAuthenticated: false, message, phoneNumber: null, userInfo: null });

export const notConfiguredStatus = (): TelegramAuthStatus => loggedOut(TEXT.notConfigured);

/** `sessionReadable` is false when a session is stored but SESSION_SECRET no longer opens it. */
export function describeLogin(state: StoredAuthState, sessionReadable: boolean): TelegramAuthStatus {
  if (state.step === 'phone') return loggedOut(state.notice ?? TEXT.phoneStep);
  if (!sessionReadable) return loggedOut(TEXT.unreadable);
  const phoneNumber = maskPhone(state.phoneNumber);
  if (state.step === 'code') return { step: 'code', isAuthenticated: false, message: TEXT.codeStep(phoneNumber ?? ''), phoneNumber, userInfo: null };
  if (state.step === 'password') return { step: 'password', isAuthenticated: false, message: TEXT.passwordStep, phoneNumber, userInfo: null };
  const user = state.user;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return {
    // Logged in, the next login would start again at the phone step.
    step: 'phone',
    isAuthenticated: true,
    message: TEXT.authenticated(user?.username ? `${name} (${isolate(`@${user.username}`)})` : name),
    phoneNumber,
    userInfo: user ? { firstName: user.firstName, username: user.username ?? null, phone: maskPhone(user.phone ? `+${user.phone.replace(/^\+/, '')}` : null) } : null,
  };
}
