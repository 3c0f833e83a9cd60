import { useQuery } from '@tanstack/react-query';
import type { AdminComment, DeletedCommentsResponse } from '@chapar/shared/contracts';
import { useToast } from '../../../components/ui/toast.tsx';
import { TOAST_TITLES, useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { UNDO_TOAST_MS } from '../../lib/restore-articles.ts';

export type CommentFilter = 'all' | 'pending' | 'approved';
export const COMMENTS_KEY = ['admin', 'comments'] as const;
/** Under COMMENTS_KEY: a delete or a restore reads both lists again. */
export const DELETED_COMMENTS_KEY = [...COMMENTS_KEY, 'deleted'] as const;

/** Spec 03 §8 'Comments'. */
export const COMMENT_TEXTS = {
  loadFailed: 'خطا در بارگذاری نظرات',
  approveFailed: 'تایید نظر با خطا مواجه شد',
  unapproveFailed: 'برداشتن تأیید نظر با خطا مواجه شد',
  deleteFailed: 'حذف نظر با خطا مواجه شد',
  bulkFailed: 'عملیات دستهای با خطا مواجه شد',
  restoreFailed: 'بازگرداندن نظر با خطا مواجه شد',
  restore: 'بازگرداندن',
  deletedLoadFailed: 'خطا در بارگذاری نظرهای حذف‌شده',
  deletedEmpty: 'نظر حذف‌شده‌ای نیست',
  invalidDate: 'تاریخ نامعتبر',
  empty: 'نظری یافت نشد',
} as const;

interface CommentsResponse {
  comments: AdminComment[];
  stats: { total: number; pending: number; approved: number };
}
/**
 * `deletedIds`: what a delete took, replies too; kept by the server, so it can be put back.
 * `changedIds`: the comments a bulk approve changed, whose approvals its undo takes back.
 */
interface Moderation { message: string; affected: number; deletedIds?: number[]; changedIds?: number[] }

export function useAdminComments(status: CommentFilter) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: [...COMMENTS_KEY, status],
    queryFn: () => request<CommentsResponse>('GET', `/api/admin/comments?status=${status}`),
    staleTime: 0,
  });
}

/** Approves a comment; the toast can take the approval back at once (a slip of the finger). */
export function useApproveComment() {
  const { toast } = useToast();
  const unapprove = useUnapproveComment();
  return useAdminAction<number, Moderation>({
    run: (request, id) => request('POST', `/api/admin/comments/${id}/approve`),
    failure: COMMENT_TEXTS.approveFailed,
    invalidate: [COMMENTS_KEY],
    // An approval this click made can be taken back; one that was there before is not this click's to undo.
    onSuccess: (result, id) => toast({
      title: TOAST_TITLES.success,
      description: result.message,
      ...(result.affected ? { durationMs: UNDO_TOAST_MS, action: { label: COMMENT_TEXTS.restore, onAction: () => unapprove.mutate(id) } } : {}),
    }),
  });
}

/**
 * Takes approvals back: the comments leave the article page and wait again. One id is one
 * comment's «برداشتن تأیید» (or its approve's undo); a list is a bulk approve's undo.
 */
export function useUnapproveComment() {
  return useAdminAction<number | number[], Moderation>({
    run: (request, ids) => (Array.isArray(ids)
      ? request('POST', '/api/admin/comments/bulk', { action: 'unapprove', commentIds: ids })
      : request('POST', `/api/admin/comments/${ids}/unapprove`)),
    success: (r) => r.message,
    failure: COMMENT_TEXTS.unapproveFailed,
    invalidate: [COMMENTS_KEY],
  });
}

/** The deleted comments a moderator can still restore. */
export function useDeletedComments() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: DELETED_COMMENTS_KEY,
    queryFn: () => request<DeletedCommentsResponse>('GET', '/api/admin/comments/deleted'),
    staleTime: 0,
  });
}

/** Puts deleted comments back under their own ids, as they were. */
export function useRestoreComments() {
  return useAdminAction<number[], Moderation>({
    run: (request, commentIds) => request('POST', '/api/admin/comments/restore', { commentIds }),
    success: (r) => r.message,
    failure: COMMENT_TEXTS.restoreFailed,
    invalidate: [COMMENTS_KEY],
  });
}

/** The toast after a delete: the server's message and a button that puts back what it took. */
function useDeletedToast() {
  const { toast } = useToast();
  const restore = useRestoreComments();
  return ({ message, deletedIds }: Moderation) => toast({
    title: TOAST_TITLES.success,
    description: message,
    ...(deletedIds?.length ? { durationMs: UNDO_TOAST_MS, action: { label: COMMENT_TEXTS.restore, onAction: () => restore.mutate(deletedIds) } } : {}),
  });
}

export function useDeleteComment() {
  const deleted = useDeletedToast();
  return useAdminAction<number, Moderation>({
    run: (request, id) => request('DELETE', `/api/admin/comments/${id}`),
    failure: COMMENT_TEXTS.deleteFailed,
    invalidate: [COMMENTS_KEY],
    onSuccess: deleted,
  });
}

type BulkAction = 'approve' | 'unapprove' | 'delete';

export function useBulkComments(onDone: () => void) {
  const { toast } = useToast();
  const deleted = useDeletedToast();
  const unapprove = useUnapproveComment();
  return useAdminAction<{ action: BulkAction; commentIds: number[] }, Moderation>({
    run: (request, body) => request(body.action === 'delete' ? 'DELETE' : 'POST', '/api/admin/comments/bulk', body),
    failure: COMMENT_TEXTS.bulkFailed,
    invalidate: [COMMENTS_KEY],
    onSuccess: (result, body) => {
      if (body.action === 'delete') deleted(result);
      else {
        // Only the approvals this click made are taken back: a comment approved before stays approved.
        const changed = result.changedIds ?? [];
        toast({
          title: TOAST_TITLES.success,
          description: result.message,
          ...(changed.length ? { durationMs: UNDO_TOAST_MS, action: { label: COMMENT_TEXTS.restore, onAction: () => unapprove.mutate(changed) } } : {}),
        });
      }
      onDone();
    },
  });
}
