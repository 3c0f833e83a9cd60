import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStatus, LoginAnswer, LoginBody, LoginSuccess, TwoFactorLoginBody } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import { apiRequest, getJson, isApiError } from '../../lib/api-client.ts';
import { useToast } from '../../components/ui/toast.tsx';

export const ADMIN_STATUS_PATH = '/api/admin/status';
// Same value as CSRF_HEADER in the contracts; importing it would pull zod into the bundle.
const CSRF_HEADER = 'x-csrf-token';

const LOGGED_OUT: AdminStatus = { isAuthenticated: false, username: null, csrfToken: null, role: null, permissions: [], twoFactorSetupRequired: false, trashRetentionDays: 0 };

/**
 * Only the browser asks: server-rendered pages are the same for every reader. A 401 means
 * logged out (spec 01 §7: some reads return null on 401), not an error.
 */
export const adminStatusQuery = () =>
  queryOptions({
    queryKey: [ADMIN_STATUS_PATH] as const,
    queryFn: async ({ client }) => {
      try {
        return await getJson<AdminStatus>(client, ADMIN_STATUS_PATH);
      } catch (error) {
        if (isApiError(error, 401)) return LOGGED_OUT;
        throw error;
      }
    },
    retry: false,
    staleTime: 60_000,
  });

export function useAdminStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminStatusQuery(), enabled: options.enabled ?? true });
}

/** How long a deleted article stays restorable, for the words before a delete: «۳۰ روز» («مدتی» until known). */
export function useRestorableSpan(): string {
  const days = useAdminStatus().data?.trashRetentionDays;
  return days ? `${toPersianDigits(days)} روز` : 'مدتی';
}

/** Signed in (the session cookie is set). */
export type LoginResult = LoginSuccess;

export const loginErrors = {
  empty: 'لطفاً نام کاربری و رمز عبور را وارد کنید',
  failed: 'ورود ناموفق بود',
  wrongCredentials: 'نام کاربری یا رمز عبور اشتباه است',
} as const;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<LoginAnswer>('POST', '/api/admin/login', { body }),
    // A password step that asks for the second factor has signed nobody in yet.
    onSuccess: (answer) => (answer.success ? queryClient.invalidateQueries({ queryKey: [ADMIN_STATUS_PATH] }) : undefined),
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export function useTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorLoginBody) => apiRequest<LoginSuccess>('POST', '/api/admin/login/two-factor', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_STATUS_PATH] }),
  });
}

/** Spec 01 §4: after logout (even a failed one) everything the browser holds is cleared. */
export function clearClientState(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing to clear.
  }
}

export async function logout(csrfToken: string | null): Promise<void> {
  await apiRequest('POST', '/api/admin/logout', { headers: csrfToken ? { [CSRF_HEADER]: csrfToken } : {} });
}

/**
 * Spec 01 §4 logout: call the server, then clear cookies, storage and the query cache and go
 * home; if the server call fails the same clearing happens and the reader is told so.
 */
export function useLogout(): (csrfToken: string | null) => Promise<void> {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return async (csrfToken) => {
    let forced = false;
    try {
      await logout(csrfToken);
    } catch {
      forced = true;
    }
    clearClientState();
    queryClient.clear();
    toast(forced
      ? { title: 'خروج اجباری', description: 'خطایی رخ داد اما از حساب خارج شدید', variant: 'destructive' }
      // Spec 01 §8 said 'all data cleared', which reads as the site's data deleted: it is the session that ends.
      : { title: 'خروج کامل', description: 'از حساب مدیر خارج شدید و نشست پایان یافت' });
    setTimeout(() => window.location.assign('/'), 800);
  };
}
