import { Check, Trash2, Undo2 } from 'lucide-react';
import type { AdminComment } from '@chapar/shared/contracts';
import { articlePath, formatJalaliDateTime, isolateLatinRuns, toDate } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { Checkbox } from '../../../components/fields.tsx';
import { COMMENT_TEXTS, useApproveComment, useUnapproveComment } from '../api.ts';

interface CommentItemProps {
  comment: AdminComment;
  selected: Set<number>;
  onToggle: (id: number, on: boolean) => void;
  onDelete: (comment: AdminComment) => void;
  depth?: number;
}

/** The article a comment is on, as a link that opens it in a new tab. */
export function CommentArticle({ comment }: { comment: { articleId: number; articleTitle: string } }) {
  return (
    <p className="mt-1 text-xs text-muted">
      در خبر: <a href={articlePath({ id: comment.articleId, title: comment.articleTitle })} target="_blank" rel="noopener" className={cn('text-accent hover:underline', focusRing)}>{comment.articleTitle}</a>
    </p>
  );
}

/** One comment with its article, status and actions; its replies nested below it. */
export function CommentItem({ comment, selected, onToggle, onDelete, depth = 0 }: CommentItemProps) {
  const approve = useApproveComment();
  const unapprove = useUnapproveComment();
  const date = toDate(comment.createdAt) ? formatJalaliDateTime(comment.createdAt) : COMMENT_TEXTS.invalidDate;
  return (
    <li data-comment-id={comment.id} className={cn('rounded-xl border border-border bg-card p-4', depth > 0 && 'border-s-4 border-s-accent/40')}>
      <div className="flex items-start gap-3">
        <Checkbox label={`انتخاب نظر ${comment.author}`} checked={selected.has(comment.id)} onCheckedChange={(on) => onToggle(comment.id, on)} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-bold">{comment.author}</span>
            {comment.email && <span dir="ltr" className="break-all text-xs text-muted">{comment.email}</span>}
            <span className="text-xs text-muted">{date}</span>
            {comment.isApproved
              ? <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-200">تأییدشده</span>
              : <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">در انتظار تأیید</span>}
          </div>
          <CommentArticle comment={comment} />
          {/* A comment in English reads left to right, not in the page's direction. */}
          <p dir="auto" className="mt-2 whitespace-pre-line break-words text-start">{isolateLatinRuns(comment.content)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {comment.isApproved ? (
              <button type="button" onClick={() => unapprove.mutate(comment.id)} disabled={unapprove.isPending} className={buttonStyles.secondary} aria-label={`برداشتن تأیید نظر ${comment.author}`}>
                <Undo2 aria-hidden="true" className="size-4" />
                برداشتن تأیید
              </button>
            ) : (
              <button type="button" onClick={() => approve.mutate(comment.id)} disabled={approve.isPending} className={buttonStyles.secondary} aria-label={`تأیید نظر ${comment.author}`}>
                <Check aria-hidden="true" className="size-4" />
                تأیید
              </button>
            )}
            <button type="button" onClick={() => onDelete(comment)} className={buttonStyles.secondary} aria-label={`حذف نظر ${comment.author}`}>
              <Trash2 aria-hidden="true" className="size-4" />
              حذف
            </button>
          </div>
        </div>
      </div>
      {comment.replies.length > 0 && (
        <ul aria-label={`پاسخ‌ها به ${comment.author}`} className="mt-3 space-y-3 ps-4 sm:ps-8">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} selected={selected} onToggle={onToggle} onDelete={onDelete} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
