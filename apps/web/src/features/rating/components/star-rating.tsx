import { useState } from 'react';
import { Star } from '../../../components/icons';
import { formatNumberFa } from '@chapar/shared/text';
import { focusRing } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useRate, useRating } from '../api.ts';

const STARS = [1, 2, 3, 4, 5] as const;
export const RATING_MESSAGES = { saved: 'امتیاز شما ثبت شد', failed: 'خطا در ثبت امتیاز' } as const;

/** Whole stars 1 to 5 with the average and the number of ratings (spec 01 §5, 02 §5). */
export function StarRating({ articleId }: { articleId: number }) {
  const { data } = useRating(articleId);
  const rate = useRate(articleId);
  const { toast } = useToast();
  const [hover, setHover] = useState<number | null>(null);
  const chosen = data?.userRating ?? null;
  const shown = hover ?? chosen ?? 0;
  const onRate = (stars: number) =>
    rate.mutate(stars, {
      onSuccess: () => toast({ title: RATING_MESSAGES.saved, description: `${formatNumberFa(stars)} از ${formatNumberFa(5)} ستاره`, durationMs: 3000 }),
      onError: () => toast({ title: RATING_MESSAGES.failed, variant: 'destructive' }),
    });
  return (
    <div>
      <p id={`rating-${articleId}`} className="mb-1 text-sm font-medium">به این خبر امتیاز دهید</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div role="group" aria-labelledby={`rating-${articleId}`} className="flex" onMouseLeave={() => setHover(null)}>
          {STARS.map((stars) => (
            <button
              key={stars}
              type="button"
              disabled={rate.isPending}
              aria-pressed={chosen === stars}
              aria-label={`${formatNumberFa(stars)} ستاره`}
              onMouseEnter={() => setHover(stars)}
              onFocus={() => setHover(stars)}
              onBlur={() => setHover(null)}
              onClick={() => onRate(stars)}
              className={cn('rounded-md p-1 text-amber-500 disabled:opacity-60', focusRing)}
            >
              <Star aria-hidden="true" className={cn('size-7 transition-colors', stars <= shown ? 'fill-current' : 'text-muted/60')} />
            </button>
          ))}
        </div>
        <p aria-live="polite" data-testid="rating-summary" className="text-sm text-muted">
          {data && data.totalRatings > 0
            ? <>میانگین <strong className="text-fg">{formatNumberFa(data.averageRating)}</strong> از {formatNumberFa(5)} ({formatNumberFa(data.totalRatings)} رأی)</>
            : data ? 'هنوز امتیازی ثبت نشده است' : ' '}
        </p>
      </div>
    </div>
  );
}
