import { AlertCircle, RotateCcw } from './icons';
import { cn } from '../lib/cn.ts';
import { buttonStyles } from './ui/button-styles.ts';

/** What a list says when its read failed: a failure to try again, never "nothing found". */
export const LOAD_FAILED = {
  articles: 'خطا در بارگذاری خبرها. لطفاً دوباره تلاش کنید.',
  topics: 'خطا در بارگذاری موضوعات داغ. لطفاً دوباره تلاش کنید.',
  retry: 'تلاش دوباره',
} as const;

interface LoadFailedProps {
  children: string;
  onRetry: () => void;
  /** True while the retry is on its way: the button waits for it. */
  retrying?: boolean;
  /** Smaller, for a sidebar box. */
  compact?: boolean;
  className?: string;
}

/** A read that failed: says so in Persian, with a button that asks again. */
export function LoadFailed({ children, onRetry, retrying = false, compact = false, className }: LoadFailedProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl text-center',
        compact ? 'py-4 text-sm' : 'border border-dashed border-border p-8',
        className,
      )}
    >
      <p className="flex items-center justify-center gap-2 text-accent">
        <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
        {children}
      </p>
      <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying} className={buttonStyles.secondary}>
        <RotateCcw aria-hidden="true" className={cn('size-4', retrying && 'animate-spin')} />
        {LOAD_FAILED.retry}
      </button>
    </div>
  );
}

/** How to try a failed read again, for the list that shows it. */
export interface Failure {
  onRetry: () => void;
  retrying: boolean;
}

/** A query's failure as a Failure, or null while it has not failed. */
export function failureOf(query: { isError: boolean; isFetching: boolean; refetch: () => unknown }): Failure | null {
  return query.isError ? { onRetry: () => void query.refetch(), retrying: query.isFetching } : null;
}
