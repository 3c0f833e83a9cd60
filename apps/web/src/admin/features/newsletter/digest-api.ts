// The newsletter's mail on the admin page: the overview (mail service, schedule, latest digests),
// one digest's sends, saving the schedule, the preview, 'send now', and the waiting signups.
import { useQuery } from '@tanstack/react-query';
import type {
  DigestPreview, DigestSchedule, DigestSendsResponse, NewsletterDigestsResponse, OperationResponse, SendStatus, WaitingSignupsResponse,
} from '@chapar/shared/contracts';
import { withQuery } from '../../../lib/api-client.ts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { SUBSCRIBERS_KEY } from './api.ts';

export const DIGESTS_KEY = ['admin', 'newsletter-digests'] as const;
const WAITING_KEY = ['admin', 'newsletter-waiting'] as const;

/** Read again every few seconds while a digest is being sent, so its counts move on the page. */
export function useNewsletterOverview() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: DIGESTS_KEY,
    queryFn: () => request<NewsletterDigestsResponse>('GET', '/api/admin/newsletter/digests'),
    refetchInterval: (query) => (query.state.data?.digests.some((d) => d.status === 'sending') ? 3000 : false),
    staleTime: 0,
  });
}

export function useDigestSends(digestId: number, status: SendStatus | 'all', enabled: boolean) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: [...DIGESTS_KEY, digestId, 'sends', status],
    queryFn: () => request<DigestSendsResponse>('GET', withQuery(`/api/admin/newsletter/digests/${digestId}/sends`, { status })),
    enabled,
    staleTime: 0,
  });
}

export function useDigestPreview(enabled: boolean) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: ['admin', 'newsletter-preview'],
    queryFn: () => request<DigestPreview>('GET', '/api/admin/newsletter/preview'),
    enabled,
    staleTime: 0,
  });
}

export function useWaitingSignups() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: WAITING_KEY,
    queryFn: () => request<WaitingSignupsResponse>('GET', withQuery('/api/admin/newsletter/signups', { limit: 100 })),
    staleTime: 0,
  });
}

export function useSaveSchedule() {
  return useAdminAction<DigestSchedule, { message: string }>({
    run: (request, schedule) => request('PUT', '/api/admin/newsletter/schedule', schedule),
    success: (r) => r.message,
    failure: 'خطا در ذخیره زمان‌بندی خبرنامه',
    invalidate: [DIGESTS_KEY],
  });
}

export function useSendNow() {
  return useAdminAction<void, OperationResponse>({
    run: (request) => request('POST', '/api/admin/newsletter/send-now'),
    success: (r) => r.message,
    failure: 'ارسال خبرنامه آغاز نشد',
    invalidate: [DIGESTS_KEY, SUBSCRIBERS_KEY],
  });
}
