import { useQuery } from '@tanstack/react-query';
import type { CreateUserBody, InvitationInfo, SessionInfo, StaffUser, UpdateUserBody } from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';

export const USERS_KEY = ['admin', 'users'] as const;
export const ALL_SESSIONS_KEY = ['admin', 'sessions'] as const;
export const SECURITY_KEY = ['admin', 'security'] as const;

export const ACCOUNTS_TEXTS = {
  failed: 'خطا در ارتباط با سرور',
  loadFailed: 'خطا در بارگذاری حساب‌ها',
} as const;

interface Answer { message?: string }
export interface SecuritySettings { requireOwnerTwoFactor: boolean; mailConfigured: boolean; auditRetentionDays: number }

export function useStaff() {
  const request = useAdminRequest();
  return useQuery({ queryKey: USERS_KEY, queryFn: () => request<{ users: StaffUser[] }>('GET', '/api/admin/users'), staleTime: 0 });
}

export function useAllSessions() {
  const request = useAdminRequest();
  return useQuery({ queryKey: ALL_SESSIONS_KEY, queryFn: () => request<{ sessions: SessionInfo[] }>('GET', '/api/admin/sessions'), staleTime: 0 });
}

export function useSecuritySettings() {
  const request = useAdminRequest();
  return useQuery({ queryKey: SECURITY_KEY, queryFn: () => request<SecuritySettings>('GET', '/api/admin/security') });
}

export function useCreateStaff(onCreated: (answer: { user: StaffUser; invitation: InvitationInfo | null }) => void) {
  return useAdminAction<CreateUserBody, { user: StaffUser; invitation: InvitationInfo | null }>({
    run: (request, body) => request('POST', '/api/admin/users', body),
    success: (r) => (r.invitation ? 'حساب ساخته شد و پیوند دعوت آماده است' : 'حساب ساخته شد'),
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [USERS_KEY],
    onSuccess: onCreated,
  });
}

export function useUpdateStaff() {
  return useAdminAction<{ id: number } & UpdateUserBody, { user: StaffUser }>({
    run: (request, { id, ...body }) => request('PATCH', `/api/admin/users/${id}`, body),
    success: 'حساب به‌روز شد',
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [USERS_KEY, ALL_SESSIONS_KEY],
  });
}

export function useDeleteStaff() {
  return useAdminAction<number, Answer>({
    run: (request, id) => request('DELETE', `/api/admin/users/${id}`),
    success: 'حساب حذف شد',
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [USERS_KEY, ALL_SESSIONS_KEY],
  });
}

export function useReinvite(onIssued: (answer: { user: StaffUser; invitation: InvitationInfo }) => void) {
  return useAdminAction<number, { user: StaffUser; invitation: InvitationInfo }>({
    run: (request, id) => request('POST', `/api/admin/users/${id}/invitation`),
    success: 'پیوند دعوت تازه ساخته شد',
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [USERS_KEY],
    onSuccess: onIssued,
  });
}

export function useEndAnySession() {
  return useAdminAction<string, Answer>({
    run: (request, id) => request('DELETE', `/api/admin/sessions/${id}`),
    success: 'نشست پایان یافت',
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [ALL_SESSIONS_KEY],
  });
}

export function useSetSecurity() {
  return useAdminAction<{ requireOwnerTwoFactor: boolean }, SecuritySettings>({
    run: (request, body) => request('PATCH', '/api/admin/security', body),
    success: (r) => (r.requireOwnerTwoFactor ? 'ورود دومرحله‌ای برای مالکان الزامی شد' : 'ورود دومرحله‌ای برای مالکان اختیاری شد'),
    failure: ACCOUNTS_TEXTS.failed,
    invalidate: [SECURITY_KEY],
  });
}
