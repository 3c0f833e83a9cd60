import { RotateCcw } from 'lucide-react';
import type { DeletedComment } from '@chapar/shared/contracts';
import { formatJalaliDate, formatJalaliDateTime, formatNumberFa, isolateLatinRuns } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { COMMENT_TEXTS, useDeletedComments, useRestoreComments } from '../api.ts';
import { CommentArticle } from './comment-item.tsx';

/** The comments tab's «حذف‌شده» view: deleted comments, kept for the retention, each restorable. */
export function DeletedComments() {
  const list = useDeletedComments();
  const restore = useRestoreComments();
  if (list.isPending) return <LoadingState label="در حال بارگذاری نظرهای حذف‌شده…" />;
  if (list.isError) return <ErrorState message={COMMENT_TEXTS.deletedLoadFailed} onRetry={() => void list.refetch()} />;
  const { comments, total, retentionDays } = list.data;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        نظرهای حذف‌شده {formatNumberFa(retentionDays)} روز نگه داشته می‌شوند و تا آن زمان بازگرداندنی هستند؛ پس از آن برای همیشه پاک می‌شوند.
        {total > comments.length && ` ${formatNumberFa(comments.length)} مورد تازه‌تر از ${formatNumberFa(total)} نظر نشان داده شده است.`}
      </p>
      {comments.length === 0 ? <EmptyState>{COMMENT_TEXTS.deletedEmpty}</EmptyState> : (
        <ul aria-label="نظرهای حذف‌شده" className="space-y-3">
          {comments.map((comment) => (
            <DeletedCommentItem key={comment.id} comment={comment} busy={restore.isPending} onRestore={() => restore.mutate([comment.id])} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeletedCommentItem({ comment, busy, onRestore }: { comment: DeletedComment; busy: boolean; onRestore: () => void }) {
  return (
    <li data-deleted-comment-id={comment.id} className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-bold">{comment.author}</span>
        <span className="text-xs text-muted">{formatJalaliDateTime(comment.createdAt)}</span>
        {comment.parentId !== null && <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted">پاسخ</span>}
      </div>
      <CommentArticle comment={comment} />
      <p className="mt-2 whitespace-pre-line break-words">{isolateLatinRuns(comment.content)}</p>
      <p className="mt-2 text-xs text-muted">
        حذف در {formatJalaliDateTime(comment.deletedAt)}
        {comment.deletedBy && <> به دست <bdi>{comment.deletedBy}</bdi></>}
        ؛ پاک شدن برای همیشه: {formatJalaliDate(comment.purgeAt)}
      </p>
      <div className="mt-3">
        <button type="button" onClick={onRestore} disabled={busy} className={buttonStyles.secondary} aria-label={`بازگرداندن نظر ${comment.author}`}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {COMMENT_TEXTS.restore}
        </button>
      </div>
    </li>
  );
}
