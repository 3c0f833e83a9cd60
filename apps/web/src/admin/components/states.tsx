import type { ReactNode } from 'react';
import { AlertCircle, Inbox, LoaderCircle, RotateCw } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';

/** A list being read. */
export function LoadingState({ label = 'در حال بارگذاری…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-muted">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

/** Nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center text-muted">
      <Inbox aria-hidden="true" className="size-8" />
      <p>{children}</p>
    </div>
  );
}

/** A read that failed, with a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-accent/40 bg-accent-soft px-4 py-8 text-center">
      <AlertCircle aria-hidden="true" className="size-8 text-accent" />
      <p className="font-medium">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={buttonStyles.secondary}>
          <RotateCw aria-hidden="true" className="size-4" />
          تلاش دوباره
        </button>
      )}
    </div>
  );
}
