/**
 * What deleting articles takes away for good, the reversible choice, and where a Telegram
 * post goes, said before the deletion is confirmed.
 */
export function DeleteWarning({ rows }: { rows: ReadonlyArray<{ source: string | null; telegramId: number | null }> }) {
  const these = rows.length > 1 ? 'این مقاله‌ها' : 'این مقاله';
  const fromTelegram = rows.filter((row) => row.source && row.telegramId).length;
  return (
    <div className="mt-3 space-y-1 text-sm text-muted">
      <p>{`حذف برگشت‌پذیر نیست: نظرها و امتیازهای ${these} هم پاک می‌شود. برای برداشتن برگشت‌پذیر از سایت، «خارج کردن از انتشار» را به کار ببرید.`}</p>
      {fromTelegram > 0 && <p>{`پست تلگرامی ${fromTelegram > 1 ? 'آن‌ها' : 'آن'} به «فهرست مسدود» می‌رود تا دوباره ساخته نشود؛ از همان‌جا می‌توان دوباره ساختش.`}</p>}
    </div>
  );
}
