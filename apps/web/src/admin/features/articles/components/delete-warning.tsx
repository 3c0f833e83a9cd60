import { useRestorableSpan } from '../../../../features/auth/api.ts';

/**
 * Where deleted articles go and for how long they can come back, the choice that deletes
 * nothing, and where a Telegram post goes, said before the deletion is confirmed.
 */
export function DeleteWarning({ rows }: { rows: ReadonlyArray<{ source: string | null; telegramId: number | null }> }) {
  const span = useRestorableSpan();
  const many = rows.length > 1;
  const these = many ? 'این مقاله‌ها' : 'این مقاله';
  const fromTelegram = rows.filter((row) => row.source && row.telegramId).length;
  return (
    <div className="mt-3 space-y-1 text-sm text-muted">
      <p>{`${these} با نظرها و امتیازهای${many ? 'شان' : 'ش'} به «مقاله‌های حذف‌شده» می‌رو${many ? 'ند' : 'د'} و تا ${span} از همان‌جا بازگرداندنی ${many ? 'هستند' : 'است'}؛ پس از آن برای همیشه پاک می‌شو${many ? 'ند' : 'د'}. برای برداشتن از سایت بدون حذف، «لغو انتشار» را به کار ببرید.`}</p>
      {fromTelegram > 0 && <p>{`پست تلگرامی ${fromTelegram > 1 ? 'آن‌ها' : 'آن'} به «فهرست مسدود» می‌رود تا دوباره ساخته نشود؛ بازگرداندن ${fromTelegram > 1 ? 'هر مقاله' : 'مقاله'}، پستش را هم از فهرست مسدود بیرون می‌آورد.`}</p>}
    </div>
  );
}
