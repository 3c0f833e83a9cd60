import { useQuery } from '@tanstack/react-query';
import type { IgnoredPost } from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { monitorStatusQuery } from '../../lib/monitor-keys.ts';
import { useCan } from '../../lib/permissions.ts';

export const IGNORED_KEY = ['admin', 'ignored'] as const;

/** Spec 03 §8 'Ignored posts'. */
export const IGNORED_TEXTS = {
  loadFailed: 'خطا در بارگذاری پست‌های نادیده‌گرفته',
  sampleFailed: 'خطا در ثبت پستهای نمونه',
  markFailed: 'خطا در علامتگذاری پست',
  processFailed: 'خطا در پردازش پست',
  empty: 'هیچ پست نادیده‌گرفته‌ای ثبت نشده است',
} as const;

interface IgnoredList {
  posts: IgnoredPost[];
  stats: { total: number; reviewed: number; toProcess: number };
}
interface Answer { message: string }

export function useIgnoredPosts() {
  const request = useAdminRequest();
  return useQuery({ queryKey: IGNORED_KEY, queryFn: () => request<IgnoredList>('GET', '/api/admin/ignored-posts'), staleTime: 0 });
}

/**
 * How many channels are switched on (the monitor's status counts them, and follows channel changes):
 * the sample reads their latest posts, so with none it has nothing to do. Undefined when unknown.
 */
export function useActiveChannelCount(): number | undefined {
  const request = useAdminRequest();
  const can = useCan();
  const status = useQuery({ ...monitorStatusQuery(request), enabled: can('view') });
  return status.data?.activeChannels;
}

export function useInitSample() {
  return useAdminAction<void, Answer>({
    run: (request) => request('POST', '/api/admin/ignored-posts/init-sample'),
    success: (r) => r.message,
    failure: IGNORED_TEXTS.sampleFailed,
    invalidate: [IGNORED_KEY],
  });
}

/** The reviewer is the signed-in admin: the server records the session's name. */
export function useReviewIgnored() {
  return useAdminAction<{ id: number; shouldProcess: boolean }, Answer>({
    run: (request, { id, shouldProcess }) => request('POST', `/api/admin/ignored-posts/${id}/review`, { shouldProcess }),
    success: (r) => r.message,
    failure: IGNORED_TEXTS.markFailed,
    invalidate: [IGNORED_KEY],
  });
}

/** Processing turns the post into an article: the article list is read again too. */
export function useProcessIgnored() {
  return useAdminAction<number, Answer>({
    run: (request, id) => request('POST', `/api/admin/ignored-posts/${id}/process`),
    success: (r) => r.message,
    failure: IGNORED_TEXTS.processFailed,
    invalidate: [IGNORED_KEY, ['admin', 'articles']],
  });
}
