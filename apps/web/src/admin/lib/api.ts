import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { CSRF_HEADER, type AdminStatus } from '@chapar/shared/contracts';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { ADMIN_STATUS_PATH, adminStatusQuery } from '../../features/auth/api.ts';

/** Spec 03 §8: toast titles on the admin pages. */
export const TOAST_TITLES = { success: 'موفقیت', error: 'خطا' } as const;

export type AdminRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The signed-in session's CSRF token: from the status already read, else read now. */
export async function csrfToken(queryClient: ReturnType<typeof useQueryClient>): Promise<string | null> {
  const known = queryClient.getQueryData<AdminStatus>([ADMIN_STATUS_PATH]);
  if (known?.csrfToken) return known.csrfToken;
  return (await queryClient.fetchQuery(adminStatusQuery())).csrfToken;
}

/**
 * Admin calls: cookies always, the CSRF header on writes. A 401 means the session ended: the
 * status is read again and the session guard sends the admin to the login page.
 */
export function useAdminRequest(): AdminRequest {
  const queryClient = useQueryClient();
  return useCallback(async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      const token = await csrfToken(queryClient);
      if (token) headers[CSRF_HEADER] = token;
    }
    try {
      return await apiRequest<T>(method, path, { body, headers });
    } catch (error) {
      if (isApiError(error, 401)) void queryClient.invalidateQueries({ queryKey: [ADMIN_STATUS_PATH] });
      throw error;
    }
  }, [queryClient]);
}

/** The server's Persian message when it sent one, else the screen's own text. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

interface ActionOptions<TVars, TResult> {
  run: (request: AdminRequest, vars: TVars) => Promise<TResult>;
  /** Success toast text; a function may use the answer (the server's message). */
  success?: string | ((result: TResult, vars: TVars) => string);
  /** Error toast text when the server gave no message of its own. */
  failure: string;
  /** Queries to read again after success. */
  invalidate?: QueryKey[];
  onSuccess?: (result: TResult, vars: TVars) => void;
}

/**
 * A write with the spec's toasts: 'موفقیت' with the success text, 'خطا' with the server's message or
 * the fallback. An answer that says `success: false` (channels checked and some not reachable) is
 * shown as the error it reports, with the same text.
 */
export function useAdminAction<TVars = void, TResult = unknown>(options: ActionOptions<TVars, TResult>) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<TResult, unknown, TVars>({
    mutationFn: (vars) => options.run(request, vars),
    onSuccess: async (result, vars) => {
      await Promise.all((options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (options.success) {
        const description = typeof options.success === 'function' ? options.success(result, vars) : options.success;
        const failed = typeof result === 'object' && result !== null && (result as { success?: unknown }).success === false;
        toast(failed ? { title: TOAST_TITLES.error, description, variant: 'destructive' } : { title: TOAST_TITLES.success, description });
      }
      options.onSuccess?.(result, vars);
    },
    onError: (error) => toast({ title: TOAST_TITLES.error, description: errorText(error, options.failure), variant: 'destructive' }),
  });
}
