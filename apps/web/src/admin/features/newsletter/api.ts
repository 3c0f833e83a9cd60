import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, NEWSLETTER_ADMIN_MESSAGES, SUBSCRIBER_LIST_LIMIT, type AdminSubscribersResponse, type SubscriberStatus } from '@chapar/shared/contracts';
import { withQuery } from '../../../lib/api-client.ts';
import { csrfToken, useAdminAction, useAdminRequest } from '../../lib/api.ts';

export const SUBSCRIBERS_KEY = ['admin', 'subscribers'] as const;
export const TEXTS = NEWSLETTER_ADMIN_MESSAGES;

export function useSubscribers(status: SubscriberStatus, search: string) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: [...SUBSCRIBERS_KEY, status, search],
    queryFn: () => request<AdminSubscribersResponse>('GET', withQuery('/api/admin/newsletter/subscribers', { status, search, limit: SUBSCRIBER_LIST_LIMIT })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

interface SubscriberAnswer { message: string }

export function useUpdateSubscriber() {
  return useAdminAction<{ id: number; name?: string | null; isActive?: boolean }, SubscriberAnswer>({
    run: (request, { id, ...body }) => request('PATCH', `/api/admin/newsletter/subscribers/${id}`, body),
    success: (r) => r.message,
    failure: TEXTS.updateFailed,
    invalidate: [SUBSCRIBERS_KEY],
  });
}

export function useDeleteSubscriber() {
  return useAdminAction<number, SubscriberAnswer>({
    run: (request, id) => request('DELETE', `/api/admin/newsletter/subscribers/${id}`),
    success: (r) => r.message || TEXTS.deleted,
    failure: TEXTS.deleteFailed,
    invalidate: [SUBSCRIBERS_KEY],
  });
}

/** 'newsletter-subscribers-2026-11-23.csv' (spec 03 §7), the date in Tehran. */
export function exportFileName(now = new Date()): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `newsletter-subscribers-${date}.csv`;
}

/** Said instead of a download when the list to export is empty. */
export const NOTHING_TO_EXPORT = 'مشترکی برای خروجی نیست';

/**
 * POST /api/admin/newsletter/export, saved through a temporary link. A file with no subscriber in
 * it (the list emptied meanwhile) is not saved: the answer says there was nothing to export.
 */
export function useExportSubscribers() {
  const queryClient = useQueryClient();
  return useAdminAction<{ status: SubscriberStatus; search: string }, { success: boolean; count: number }>({
    run: async (_request, body) => {
      const token = await csrfToken(queryClient);
      const res = await fetch('/api/admin/newsletter/export', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
        body: JSON.stringify(body.search ? body : { status: body.status }),
      });
      if (!res.ok) throw new Error(TEXTS.exportFailed);
      const blob = await res.blob();
      // The header line alone: no subscriber.
      const count = Math.max(0, (await blob.text()).trim().split('\n').length - 1);
      if (!count) return { success: false, count };
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName();
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return { success: true, count };
    },
    success: (r) => (r.count ? 'فایل خروجی مشترکین دریافت شد' : NOTHING_TO_EXPORT),
    failure: TEXTS.exportFailed,
  });
}
