import { Bookmark } from '../../../components/icons';
import { buttonStyles, focusRing } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { trackEvent } from '../../../lib/track.ts';
import { useIsBookmarked, useToggleBookmark } from '../api.ts';

export const BOOKMARK_MESSAGES = {
  added: 'به نشانک‌ها افزوده شد',
  removed: 'از نشانک‌ها حذف شد',
  failed: 'خطا در ذخیره‌سازی',
} as const;

/**
 * Bookmark toggle: the state comes from the server's answer (spec 02 §4). 'icon' for the
 * top bar, 'pill' beside the share buttons.
 */
export function BookmarkButton({ articleId, variant = 'icon' }: { articleId: number; variant?: 'icon' | 'pill' }) {
  const { bookmarked } = useIsBookmarked(articleId);
  const toggle = useToggleBookmark();
  const { toast } = useToast();
  const onClick = () => {
    toggle.mutate(articleId, {
      onSuccess: ({ bookmarked: now }) => {
        toast({ title: now ? BOOKMARK_MESSAGES.added : BOOKMARK_MESSAGES.removed, durationMs: 3000 });
        trackEvent(articleId, now ? 'bookmark_add' : 'bookmark_remove');
      },
      onError: (error) => toast({ title: BOOKMARK_MESSAGES.failed, description: (error as { serverMessage?: string }).serverMessage ?? undefined, variant: 'destructive' }),
    });
  };
  // One name, the state in aria-pressed: screen readers announce 'pressed' / 'not pressed'.
  const label = 'نشانک کردن این خبر';
  const hint = bookmarked ? 'حذف از نشانک‌ها' : 'افزودن به نشانک‌ها';
  const Icon = Bookmark;
  if (variant === 'icon') {
    return (
      <button type="button" onClick={onClick} disabled={toggle.isPending} aria-pressed={bookmarked} aria-label={label} title={hint}
        className={cn(buttonStyles.icon, bookmarked && 'text-accent')}>
        <Icon aria-hidden="true" className={cn('size-5', bookmarked && 'fill-current')} />
      </button>
    );
  }
  return (
    <button type="button" onClick={onClick} disabled={toggle.isPending} aria-pressed={bookmarked} aria-label={label}
      className={cn('inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm disabled:opacity-60', focusRing,
        bookmarked ? 'border-accent bg-accent-soft text-accent' : 'border-border bg-card hover:border-accent hover:text-accent')}>
      <Icon aria-hidden="true" className={cn('size-4', bookmarked && 'fill-current')} />
      نشانک
    </button>
  );
}
