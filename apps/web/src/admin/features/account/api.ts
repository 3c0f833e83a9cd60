import { useQuery } from '@tanstack/react-query';
import type { AccountInfo, SessionInfo } from '@chapar/shared/contracts';
import { ADMIN_STATUS_PATH } from '../../../features/auth/api.ts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';

export const ACCOUNT_KEY = ['admin', 'account'] as const;
export const MY_SESSIONS_KEY = ['admin', 'account', 'sessions'] as const;
const failure = 'خطا در ارتباط با سرور';

interface Answer { message: string }
export interface TwoFactorSetup { secret: string; uri: string; qrDataUrl: string }
interface CodesAnswer { message: string; recoveryCodes: string[] }

export function useAccount() {
  const request = useAdminRequest();
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => request<AccountInfo>('GET', '/api/admin/account'), staleTime: 0 });
}

export function useMySessions() {
  const request = useAdminRequest();
  return useQuery({ queryKey: MY_SESSIONS_KEY, queryFn: () => request<{ sessions: SessionInfo[] }>('GET', '/api/admin/account/sessions'), staleTime: 0 });
}

export function useUpdateProfile() {
  return useAdminAction<{ name: string | null; email: string | null }, AccountInfo>({
    run: (request, body) => request('PATCH', '/api/admin/account', body),
    success: 'مشخصات حساب ذخیره شد',
    failure,
    invalidate: [ACCOUNT_KEY],
  });
}

export function useChangePassword(onDone: () => void) {
  return useAdminAction<{ currentPassword: string; newPassword: string }, Answer>({
    run: (request, body) => request('POST', '/api/admin/account/password', body),
    success: (r) => r.message,
    failure,
    invalidate: [MY_SESSIONS_KEY],
    onSuccess: onDone,
  });
}

export function useStartTwoFactor(onStarted: (setup: TwoFactorSetup) => void) {
  return useAdminAction<void, TwoFactorSetup>({
    run: (request) => request('POST', '/api/admin/account/two-factor/setup'),
    failure,
    onSuccess: onStarted,
  });
}

/** Turning two-factor on also lifts an owner's "set it up first" hold: the status is read again. */
export function useEnableTwoFactor(onCodes: (codes: string[]) => void) {
  return useAdminAction<{ code: string; password: string }, CodesAnswer>({
    run: (request, body) => request('POST', '/api/admin/account/two-factor/enable', body),
    success: (r) => r.message,
    failure,
    invalidate: [ACCOUNT_KEY, [ADMIN_STATUS_PATH]],
    onSuccess: (r) => onCodes(r.recoveryCodes),
  });
}

export function useDisableTwoFactor(onDone: () => void) {
  return useAdminAction<string, Answer>({
    run: (request, password) => request('POST', '/api/admin/account/two-factor/disable', { password }),
    success: (r) => r.message,
    failure,
    invalidate: [ACCOUNT_KEY],
    onSuccess: onDone,
  });
}

export function useNewRecoveryCodes(onCodes: (codes: string[]) => void) {
  return useAdminAction<string, CodesAnswer>({
    run: (request, password) => request('POST', '/api/admin/account/two-factor/recovery-codes', { password }),
    success: (r) => r.message,
    failure,
    invalidate: [ACCOUNT_KEY],
    onSuccess: (r) => onCodes(r.recoveryCodes),
  });
}

export function useEndMySession() {
  return useAdminAction<string, Answer>({
    run: (request, id) => request('DELETE', `/api/admin/account/sessions/${id}`),
    success: 'نشست پایان یافت',
    failure,
    invalidate: [MY_SESSIONS_KEY],
  });
}

export function useEndOtherSessions() {
  return useAdminAction<void, Answer>({
    run: (request) => request('POST', '/api/admin/account/sessions/end-others'),
    success: (r) => r.message,
    failure,
    invalidate: [MY_SESSIONS_KEY],
  });
}
