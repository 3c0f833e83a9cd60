import { useEffect, useRef } from 'react';
import { Bookmark } from '../../../components/icons';
import { buttonStyles, focusRing } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { trackEvent } from '../../../lib/track.ts';
import { useIsBookmarked, usePendingBookmarkToggle, useToggleBookmark } from '../api.ts';

export const BOOKMARK_MESSAGES = {
  added: 'به نشانک‌ها افزوده شد',
  removed: 'از نشانک‌ها حذف شد',
  failed: 'خطا در ذخیره‌سازی',
  // Offline: the toggle waits for the connection and is sent only while this page stays open.
  waitingAdd: 'نشانک پس از اتصال دوباره افزوده می‌شود',
  waitingRemove: 'نشانک پس از اتصال دوباره حذف می‌شود',
  keepOpen: 'تا آن زمان این صفحه را باز نگه دارید',
  waiting: 'در انتظار اتصال',
} as const;

/**
 * Bookmark toggle: the state comes from the server's answer (spec 02 §4). 'icon' for the
 * top bar, 'pill' beside the share buttons. While a toggle is unanswered the button shows
 * the state asked for as pending (paler, dashed on the pill, aria-busy), never as saved; offline it says the
 * toggle waits for the connection.
 */
/** `title`: the article's, where several buttons share a page (the bookmarks list), so each is named for its own. */
export function BookmarkButton({ articleId, variant = 'icon', title }: { articleId: number; variant?: 'icon' | 'pill'; title?: string }) {
  const { bookmarked } = useIsBookmarked(articleId);
  const { toast } = useToast();
  const toggle = useToggleBookmark(articleId, {
    onSuccess: ({ bookmarked: now }) => {
      toast({ title: now ? BOOKMARK_MESSAGES.added : BOOKMARK_MESSAGES.removed, durationMs: 3000 });
      trackEvent(articleId, now ? 'bookmark_add' : 'bookmark_remove');
    },
    onError: (error) => toast({ title: BOOKMARK_MESSAGES.failed, description: (error as { serverMessage?: string }).serverMessage ?? undefined, variant: 'destructive' }),
  });
  // Either button of this article (top bar, pill) may have asked.
  const pending = usePendingBookmarkToggle(articleId);
  // What the reader asked for: the opposite of the confirmed state, until the server answers.
  const wanted = pending.pending ? !bookmarked : bookmarked;
  // Said once when this button's own toggle pauses (TanStack Query's isPaused: offline).
  const asked = useRef<'add' | 'remove'>('add');
  useEffect(() => {
    if (!toggle.isPaused) return;
    toast({ title: asked.current === 'add' ? BOOKMARK_MESSAGES.waitingAdd : BOOKMARK_MESSAGES.waitingRemove, description: BOOKMARK_MESSAGES.keepOpen, durationMs: 6000 });
  }, [toggle.isPaused, toast]);
  const onClick = () => {
    asked.current = bookmarked ? 'remove' : 'add';
    toggle.mutate(articleId);
  };
  // One name, the state in aria-pressed: screen readers announce 'pressed' / 'not pressed'.
  // aria-pressed stays the confirmed state; the pending one is only drawn, and named in the hint.
  const label = title ? `نشانک کردن «${title}»` : 'نشانک کردن این خبر';
  const hint = pending.paused ? BOOKMARK_MESSAGES.waiting : bookmarked ? 'حذف از نشانک‌ها' : 'افزودن به نشانک‌ها';
  const common = {
    type: 'button' as const,
    onClick,
    disabled: pending.pending,
    'aria-pressed': bookmarked,
    'aria-busy': pending.pending || undefined,
    'aria-label': label,
    'data-state': pending.pending ? 'pending' : bookmarked ? 'on' : 'off',
  };
  const Icon = Bookmark;
  if (variant === 'icon') {
    return (
      <button {...common} title={hint} className={cn('js-only', buttonStyles.icon, wanted && 'text-accent', pending.pending && 'opacity-60')}>
        <Icon aria-hidden="true" className={cn('size-5', wanted && !pending.pending && 'fill-current')} />
        {pending.paused && <span className="sr-only">{BOOKMARK_MESSAGES.waiting}</span>}
      </button>
    );
  }
  return (
    <button {...common}
      className={cn('js-only inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm disabled:opacity-60', focusRing,
        pending.pending && 'border-dashed',
        wanted ? 'border-accent bg-accent-soft text-accent' : 'border-border bg-card hover:border-accent hover:text-accent')}>
      <Icon aria-hidden="true" className={cn('size-4', wanted && !pending.pending && 'fill-current')} />
      نشانک
      {pending.paused && <span className="text-xs">({BOOKMARK_MESSAGES.waiting})</span>}
    </button>
  );
}
