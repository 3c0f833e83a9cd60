import { formatJalaliDateTime, formatRelativeFa } from '@chapar/shared/text';
import { useNow } from '../lib/now.tsx';

/** '۵ دقیقه پیش' with the full Jalali date and time as its tooltip. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={date} title={formatJalaliDateTime(date)} className={className}>
      {formatRelativeFa(date, now)}
    </time>
  );
}
