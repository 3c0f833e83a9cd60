import { AlertTriangle } from '../../../components/icons';
import { isOldContent } from '@chapar/shared/text';
import { useNow } from '../../../lib/now.tsx';

/** Spec 02 §2 item 4: a note on articles 30 days old or more. */
export function OldContentWarning({ publishedAt }: { publishedAt: string }) {
  const now = useNow(60_000);
  if (!isOldContent(publishedAt, now)) return null;
  return (
    <p role="note" className="mb-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
      این خبر بیش از یک ماه پیش منتشر شده و ممکن است اطلاعات آن به‌روز نباشد.
    </p>
  );
}
