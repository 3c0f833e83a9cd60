import type { ReactNode } from 'react';
import { BadgeCheck, Reply } from '../../../components/icons';
import type { Comment } from '@chapar/shared/contracts';
import { isolateLatinRuns } from '@chapar/shared/text';
import { buttonStyles, mirrorRtl } from '../../../components/ui/button-styles.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { COMMENT_MAX_DEPTH, COMMENT_MESSAGES } from '../api.ts';

interface CommentItemProps {
  comment: Comment;
  depth: number;
  replyingTo: number | null;
  onReply: (comment: Comment) => void;
  /** The open reply form, shown under the comment it answers. */
  renderForm: (comment: Comment) => ReactNode;
}

/** One comment and its replies; reply only at depths 0 and 1 (spec 02 §4). */
export function CommentItem({ comment, depth, replyingTo, onReply, renderForm }: CommentItemProps) {
  return (
    <li data-depth={depth} className="space-y-3">
      <article aria-label={`نظر ${comment.authorName}`} className="rounded-xl bg-surface p-4">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <strong className="font-bold">{comment.authorName}</strong>
          {comment.isApproved && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              <BadgeCheck aria-hidden="true" className="size-3.5" />تأیید شده
            </span>
          )}
          <RelativeTime date={comment.createdAt} className="text-xs text-muted" />
        </header>
        <p className="mt-2 leading-8 break-words whitespace-pre-line">{isolateLatinRuns(comment.content)}</p>
        <div className="mt-2">
          {depth < COMMENT_MAX_DEPTH ? (
            <button type="button" onClick={() => onReply(comment)} aria-expanded={replyingTo === comment.id} aria-label={`پاسخ به ${comment.authorName}`} className={`${buttonStyles.ghost} -ms-3 text-accent`}>
              <Reply aria-hidden="true" className={`size-4 ${mirrorRtl}`} />پاسخ
            </button>
          ) : (
            <p className="text-xs text-muted">{COMMENT_MESSAGES.tooDeep}</p>
          )}
        </div>
      </article>
      {replyingTo === comment.id && renderForm(comment)}
      {comment.replies.length > 0 && (
        <ol aria-label={`پاسخ‌ها به ${comment.authorName}`} className="space-y-3 border-s-2 border-border ps-3 sm:ps-5">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} replyingTo={replyingTo} onReply={onReply} renderForm={renderForm} />
          ))}
        </ol>
      )}
    </li>
  );
}
