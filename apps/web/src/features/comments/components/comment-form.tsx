import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LoaderCircle, RefreshCw, Send } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { COMMENT_CONTENT_MAX, COMMENT_NAME_MAX, formatNumberFa } from '@chapar/shared/text';
import { captchaFromError, COMMENT_MESSAGES, useCaptcha, usePostComment } from '../api.ts';

interface CommentFormProps {
  articleId: number;
  /** The comment answered, or null for a new thread. */
  replyTo: { id: number; authorName: string } | null;
  onCancel: () => void;
  onSent: () => void;
}

const EMPTY = { authorName: '', authorEmail: '', content: '', captchaAnswer: '', website: '' };

/** What a required field says when it is left empty, beside the field (the toast says it too). */
const REQUIRED = { authorName: 'نام را وارد کنید', content: 'متن نظر را وارد کنید', captchaAnswer: COMMENT_MESSAGES.captchaRequired } as const;
type Required = keyof typeof REQUIRED;

/**
 * Name, optional email, text, the server's arithmetic captcha and a hidden honeypot
 * (spec 02 §4, §5). A posted comment waits for moderation.
 */
export function CommentForm({ articleId, replyTo, onCancel, onSent }: CommentFormProps) {
  const [fields, setFields] = useState(EMPTY);
  const captcha = useCaptcha(true);
  const post = usePostComment(articleId);
  const { toast } = useToast();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<Required[]>([]);
  const set = (name: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((f) => ({ ...f, [name]: value }));
    setInvalid((list) => list.filter((field) => field !== name));
  };
  const errorId = (field: Required) => `${id}-${field}-error`;
  // A field left empty: marked invalid and described by its message, shown under it.
  const marked = (field: Required, described?: string) => {
    const bad = invalid.includes(field);
    const ids = [bad && errorId(field), described].filter(Boolean).join(' ');
    return { 'aria-invalid': bad || undefined, 'aria-describedby': ids || undefined };
  };
  const error = (field: Required) => invalid.includes(field) && <p id={errorId(field)} className="mt-1 text-sm text-accent">{REQUIRED[field]}</p>;

  useEffect(() => nameRef.current?.focus({ preventScroll: false }), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const empty = (['authorName', 'content'] as const).filter((field) => !fields[field].trim());
    if (empty.length) {
      setInvalid(empty);
      toast({ title: COMMENT_MESSAGES.incompleteTitle, description: COMMENT_MESSAGES.incomplete, variant: 'destructive' });
      (empty[0] === 'authorName' ? nameRef : contentRef).current?.focus();
      return;
    }
    if (!fields.captchaAnswer.trim()) {
      setInvalid(['captchaAnswer']);
      toast({ title: COMMENT_MESSAGES.captchaRequired, variant: 'destructive' });
      captchaRef.current?.focus();
      return;
    }
    if (!captcha.data) return;
    post.mutate({ ...fields, captchaToken: captcha.data.token, parentId: replyTo?.id ?? null }, {
      onSuccess: () => {
        toast({ title: COMMENT_MESSAGES.sentTitle, description: COMMENT_MESSAGES.pending, durationMs: 6000 });
        setFields(EMPTY);
        onSent();
      },
      onError: (error) => {
        if (captchaFromError(error)) {
          toast({ title: (error as { serverMessage?: string }).serverMessage || COMMENT_MESSAGES.captchaWrong, description: 'پرسش تازه را پاسخ دهید.', variant: 'destructive' });
          setFields((f) => ({ ...f, captchaAnswer: '' }));
          captchaRef.current?.focus();
          return;
        }
        toast({ title: COMMENT_MESSAGES.failedTitle, description: (error as { serverMessage?: string }).serverMessage || COMMENT_MESSAGES.failed, variant: 'destructive', durationMs: 8000 });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={replyTo ? `پاسخ به ${replyTo.authorName}` : 'فرم ارسال نظر'} className="space-y-3 rounded-xl border border-border bg-card p-4">
      {replyTo && <p className="text-sm text-muted">در پاسخ به <strong className="text-fg">{replyTo.authorName}</strong></p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">نام <span aria-hidden="true" className="text-accent">*</span></label>
          <input ref={nameRef} id={`${id}-name`} name="authorName" required {...marked('authorName')} maxLength={COMMENT_NAME_MAX} autoComplete="name" value={fields.authorName} onChange={set('authorName')} className={inputStyles} />
          {error('authorName')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">ایمیل <span className="text-muted">(اختیاری، نمایش داده نمی‌شود)</span></label>
          <input id={`${id}-email`} name="authorEmail" type="email" dir="ltr" maxLength={254} autoComplete="email" value={fields.authorEmail} onChange={set('authorEmail')} className={`${inputStyles} text-start`} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-content`} className="mb-1 block text-sm font-medium">متن نظر <span aria-hidden="true" className="text-accent">*</span></label>
        <textarea ref={contentRef} id={`${id}-content`} name="content" required rows={4} maxLength={COMMENT_CONTENT_MAX} {...marked('content', `${id}-count`)} value={fields.content} onChange={set('content')} className={`${inputStyles} leading-7`} />
        {/* The box stops at the limit, so the reader is told where it is rather than cut short unawares. */}
        <p id={`${id}-count`} className={`mt-1 text-xs ${fields.content.length >= COMMENT_CONTENT_MAX ? 'font-medium text-accent' : 'text-muted'}`}>
          {fields.content.length >= COMMENT_CONTENT_MAX
            ? `به سقف ${formatNumberFa(COMMENT_CONTENT_MAX)} نویسه رسیدید`
            : `${formatNumberFa(fields.content.length)} از ${formatNumberFa(COMMENT_CONTENT_MAX)} نویسه`}
        </p>
        {error('content')}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>وب‌سایت</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" value={fields.website} onChange={set('website')} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-captcha`} className="mb-1 block text-sm font-medium">
            کد امنیتی: <span data-testid="captcha-question" dir="ltr" className="inline-block font-bold">{captcha.data?.question ?? '…'}</span>
          </label>
          <div className="flex items-center gap-1">
            <input ref={captchaRef} id={`${id}-captcha`} name="captchaAnswer" inputMode="numeric" autoComplete="off" required {...marked('captchaAnswer')} maxLength={4} value={fields.captchaAnswer} onChange={set('captchaAnswer')} className={`${inputStyles} w-24`} />
            <button type="button" onClick={() => void captcha.refetch()} aria-label="پرسش امنیتی تازه" title="پرسش تازه" className={buttonStyles.icon}>
              <RefreshCw aria-hidden="true" className={`size-4 ${captcha.isFetching ? 'animate-spin' : ''}`} />
            </button>
          </div>
          {error('captchaAnswer')}
          {captcha.isError && <p role="alert" className="mt-1 text-sm text-accent">دریافت کد امنیتی ممکن نشد؛ دوباره تلاش کنید.</p>}
        </div>
        <div className="ms-auto flex gap-2">
          <button type="button" onClick={() => { setFields(EMPTY); onCancel(); }} className={buttonStyles.ghost}>انصراف</button>
          <button type="submit" disabled={post.isPending || !captcha.data} className={buttonStyles.primary}>
            {post.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
            ارسال نظر
          </button>
        </div>
      </div>
    </form>
  );
}
