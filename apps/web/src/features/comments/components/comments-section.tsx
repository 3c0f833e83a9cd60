import { useState } from 'react';
import { MessageSquarePlus, RotateCcw } from '../../../components/icons';
import type { Comment } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useComments } from '../api.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-thread.tsx';

function countAll(comments: Comment[]): number {
  return comments.reduce((n, c) => n + 1 + countAll(c.replies), 0);
}

/** 'new' for a new thread, a comment id for a reply; null when the form is closed. */
type FormState = null | 'new' | number;

/** Spec 02 §2 item 16: the approved comments, three levels deep, and the form. */
export function CommentsSection({ articleId }: { articleId: number }) {
  const { data, isLoading, isError, refetch } = useComments(articleId);
  const [form, setForm] = useState<FormState>(null);
  const close = () => setForm(null);
  const renderForm = (replyTo: Comment | null) => (
    <CommentForm key={replyTo?.id ?? 'new'} articleId={articleId} replyTo={replyTo} onCancel={close} onSent={close} />
  );
  const total = data ? countAll(data.comments) : 0;
  return (
    <section aria-labelledby="comments-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-title" className="text-xl font-bold">نظرات {data ? `(${formatNumberFa(total)})` : ''}</h2>
        {form !== 'new' && (
          <button type="button" onClick={() => setForm('new')} className={buttonStyles.primary}>
            <MessageSquarePlus aria-hidden="true" className="size-4" />نوشتن نظر
          </button>
        )}
      </div>
      {form === 'new' && renderForm(null)}
      {isLoading && <div className="space-y-3"><Skeleton className="h-24 w-full" /><Skeleton className="h-24 w-full" /></div>}
      {isError && (
        <div role="alert" className="rounded-xl bg-surface p-4 text-sm">
          بارگذاری نظرات ممکن نشد.
          <button type="button" onClick={() => void refetch()} className={`${buttonStyles.ghost} ms-2`}><RotateCcw aria-hidden="true" className="size-4" />تلاش دوباره</button>
        </div>
      )}
      {data && total === 0 && <p className="text-muted">هنوز نظری منتشر نشده است؛ نخستین نظر را شما بنویسید.</p>}
      {data && total > 0 && (
        <ol className="space-y-4">
          {data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} replyingTo={typeof form === 'number' ? form : null} onReply={(c) => setForm(c.id)} renderForm={renderForm} />
          ))}
        </ol>
      )}
    </section>
  );
}

export default CommentsSection;
