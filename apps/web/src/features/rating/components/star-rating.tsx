import { useEffect, useState } from 'react';
import { Star } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { focusRing } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useRate, useRating } from '../api.ts';

const STARS = [1, 2, 3, 4, 5] as const;
export const RATING_MESSAGES = {
  saved: 'امتیاز شما ثبت شد',
  failed: 'خطا در ثبت امتیاز',
  // Offline: the rating waits for the connection and is sent only while this page stays open.
  waiting: 'امتیاز شما پس از اتصال دوباره فرستاده می‌شود',
  keepOpen: 'تا آن زمان این صفحه را باز نگه دارید',
  pending: 'در انتظار اتصال',
} as const;

const outOfFive = (stars: number) => `${formatNumberFa(stars)} از ${formatNumberFa(5)} ستاره`;

/**
 * Whole stars 1 to 5 with the average and the number of ratings (spec 01 §5, 02 §5). A rating
 * not yet answered is drawn as pending (paler stars, aria-busy), never as recorded; offline
 * the widget says it waits for the connection.
 */
export function StarRating({ articleId }: { articleId: number }) {
  const { data } = useRating(articleId);
  const { toast } = useToast();
  const rate = useRate(articleId, {
    onSuccess: (_summary, stars) => toast({ title: RATING_MESSAGES.saved, description: outOfFive(stars), durationMs: 3000 }),
    onError: () => toast({ title: RATING_MESSAGES.failed, variant: 'destructive' }),
  });
  const [hover, setHover] = useState<number | null>(null);
  const chosen = data?.userRating ?? null;
  const pending = rate.isPending ? (rate.variables ?? null) : null;
  const shown = pending ?? hover ?? chosen ?? 0;
  // Said once when the rating pauses (TanStack Query's isPaused: offline).
  useEffect(() => {
    if (rate.isPaused && rate.variables !== undefined) {
      toast({ title: RATING_MESSAGES.waiting, description: `${outOfFive(rate.variables)}؛ ${RATING_MESSAGES.keepOpen}`, durationMs: 6000 });
    }
  }, [rate.isPaused, rate.variables, toast]);
  // While a rating is sent the stars say they are unavailable but stay focusable (aria-disabled,
  // not disabled): a disabled button drops the keyboard's focus to <body>.
  const onRate = (stars: number) => { if (!rate.isPending) rate.mutate(stars); };
  const statusId = `rating-${articleId}-status`;
  return (
    // Without JavaScript the stars could not vote, and the average is read in the browser.
    <div className="js-only">
      <p id={`rating-${articleId}`} className="mb-1 text-sm font-medium">به این خبر امتیاز دهید</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div role="group" aria-labelledby={`rating-${articleId}`} aria-busy={pending !== null || undefined}
          aria-describedby={rate.isPaused ? statusId : undefined} className="flex flex-wrap" onMouseLeave={() => setHover(null)}>
          {STARS.map((stars) => (
            <button
              key={stars}
              type="button"
              aria-disabled={rate.isPending || undefined}
              // Pressed only when the server has recorded it; a pending choice is only drawn.
              aria-pressed={chosen === stars}
              data-state={pending === stars ? 'pending' : chosen === stars ? 'on' : undefined}
              aria-label={`${formatNumberFa(stars)} ستاره`}
              onMouseEnter={() => setHover(stars)}
              onFocus={() => setHover(stars)}
              onBlur={() => setHover(null)}
              onClick={() => onRate(stars)}
              // Amber 700 / 400 and the muted outline keep the stars at 3:1 or more against the page in both themes.
              className={cn('rounded-md p-1 text-amber-700 aria-disabled:opacity-60 dark:text-amber-400', focusRing)}
            >
              <Star aria-hidden="true" className={cn('size-7 transition-colors', stars <= shown ? 'fill-current' : 'text-muted', pending !== null && stars <= shown && 'opacity-50')} />
            </button>
          ))}
        </div>
        {rate.isPaused && <span id={statusId} className="text-sm text-muted">{RATING_MESSAGES.pending}</span>}
        <p aria-live="polite" data-testid="rating-summary" className="text-sm text-muted">
          {data && data.totalRatings > 0
            ? <>میانگین <strong className="text-fg">{formatNumberFa(data.averageRating)}</strong> از {formatNumberFa(5)} ({formatNumberFa(data.totalRatings)} رأی)</>
            : data ? 'هنوز امتیازی ثبت نشده است' : ' '}
        </p>
      </div>
    </div>
  );
}
