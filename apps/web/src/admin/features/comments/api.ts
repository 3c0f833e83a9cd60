import { useQuery } from '@tanstack/react-query';
import type { AdminComment } from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';

export type CommentFilter = 'all' | 'pending' | 'approved';
export const COMMENTS_KEY = ['admin', 'comments'] as const;

/** Spec 03 §8 'Comments'. */
export const COMMENT_TEXTS = {
  loadFailed: 'خطا در بارگذاری نظرات',
  approveFailed: 'تایید نظر با خطا مواجه شد',
  deleteFailed: 'حذف نظر با خطا مواجه شد',
  bulkFailed: 'عملیات دستهای با خطا مواجه شد',
  invalidDate: 'تاریخ نامعتبر',
  empty: 'نظری یافت نشد',
} as const;

interface CommentsResponse {
  comments: AdminComment[];
  stats: { total: number; pending: number; approved: number };
}
interface Moderation { message: string; affected: number }

export function useAdminComments(status: CommentFilter) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: [...COMMENTS_KEY, status],
    queryFn: () => request<CommentsResponse>('GET', `/api/admin/comments?status=${status}`),
    staleTime: 0,
  });
}

export function useApproveComment() {
  return useAdminAction<number, Moderation>({
    run: (request, id) => request('POST', `/api/admin/comments/${id}/approve`),
    success: (r) => r.message,
    failure: COMMENT_TEXTS.approveFailed,
    invalidate: [COMMENTS_KEY],
  });
}

export function useDeleteComment() {
  return useAdminAction<number, Moderation>({
    run: (request, id) => request('DELETE', `/api/admin/comments/${id}`),
    success: (r) => r.message,
    failure: COMMENT_TEXTS.deleteFailed,
    invalidate: [COMMENTS_KEY],
  });
}

export function useBulkComments(onDone: () => void) {
  return useAdminAction<{ action: 'approve' | 'delete'; commentIds: number[] }, Moderation>({
    run: (request, body) => request(body.action === 'approve' ? 'POST' : 'DELETE', '/api/admin/comments/bulk', body),
    success: (r) => r.message,
    failure: COMMENT_TEXTS.bulkFailed,
    invalidate: [COMMENTS_KEY],
    onSuccess: onDone,
  });
}
