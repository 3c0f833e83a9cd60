import { useQuery } from '@tanstack/react-query';
import {
  TELEGRAM_AUTH_POLL_MS, type TelegramAuthActionResponse, type TelegramAuthInfo, type TelegramAuthStatus, type TelegramSendPhoneResponse,
} from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';

export const AUTH_STATUS_KEY = ['admin', 'telegram', 'auth-status'] as const;
export const AUTH_INFO_KEY = ['admin', 'telegram', 'auth-info'] as const;

/** Spec 03 §4, §9: the status is polled every 2 s. */
export function useTelegramAuthStatus() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: () => request<TelegramAuthStatus>('GET', '/api/admin/telegram/auth-status'),
    refetchInterval: TELEGRAM_AUTH_POLL_MS,
    staleTime: 0,
  });
}

export function useTelegramAuthInfo() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: AUTH_INFO_KEY,
    queryFn: () => request<TelegramAuthInfo>('GET', '/api/admin/telegram/auth-info'),
    staleTime: 0,
  });
}

/** Every step answers the new status; the error toast says 'خطا' with the server's sentence. */
function useStep<TVars, TResult extends TelegramAuthActionResponse>(path: string) {
  return useAdminAction<TVars, TResult>({
    run: (request, body) => request('POST', `/api/admin/telegram/${path}`, body),
    success: (r) => r.message,
    failure: 'خطا در ارتباط با سرور',
    invalidate: [AUTH_STATUS_KEY, AUTH_INFO_KEY],
  });
}

export const useSendPhone = () => useStep<{ phoneNumber: string }, TelegramSendPhoneResponse>('send-phone');
export const useVerifyCode = () => useStep<{ code: string }, TelegramAuthActionResponse>('verify-code');
export const useVerifyPassword = () => useStep<{ password: string }, TelegramAuthActionResponse>('verify-password');
export const useTelegramLogout = () => useStep<void, TelegramAuthActionResponse>('logout');
/** The way back from a mistyped number: forgets the pending code step (Telegram is not asked). */
export const useCancelSignIn = () => useStep<void, TelegramAuthActionResponse>('cancel');
