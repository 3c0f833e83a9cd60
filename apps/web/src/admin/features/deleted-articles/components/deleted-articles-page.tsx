import { useEffect, useState } from 'react';
import { ArchiveRestore, RotateCw, Trash2 } from 'lucide-react';
import type { DeletedArticle } from '@chapar/shared/contracts';
import { categoryFaName, formatJalaliDate, formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Checkbox } from '../../../components/fields.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton, softAccentText } from '../../../components/styles.ts';
import { useCan } from '../../../lib/permissions.ts';
import { persianServerText } from '../../../lib/persian-text.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { useRestoreArticles } from '../../../lib/restore-articles.ts';
import { DELETED_ARTICLES_TEXTS, useDeletedArticles, usePurgeDeleted } from '../api.ts';

const small = cn(buttonStyles.secondary, 'whitespace-nowrap px-2.5 py-1 text-xs');
/** An id as a Persian number without a thousands separator: ids are names, not amounts. */
const idFa = (id: number) => formatNumberFa(id, { useGrouping: false });
const titleOf = (article: DeletedArticle) => article.title || 'بدون عنوان';
const restorable = (article: DeletedArticle) => article.remadeAs === null;
const DAY_MS = 86_400_000;

/** Whole days until the daily job purges it (0 once the day has come). */
function daysLeft(purgeAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));
}

/** What an irreversible purge takes with it, listed in its confirmation. */
function PurgeDetails({ article }: { article: DeletedArticle }) {
  return (
    <ul className="mt-3 list-disc space-y-1 ps-5 text-sm">
      <li>{`${article.comments > 0 ? `${formatNumberFa(article.comments)} نظر، ` : ''}امتیازها، نشانک‌ها و تاریخچهٔ نسخه‌ها`}</li>
      {article.files > 0 && <li>{`${formatNumberFa(article.files)} پرونده از انبار رسانه`}</li>}
    </ul>
  );
}

/** The first ten titles a restore brings back, and how many more. */
function RestoreList({ titles }: { titles: string[] }) {
  const shown = titles.slice(0, 10);
  return (
    <ul className="mt-3 list-disc space-y-1 ps-5 text-sm">
      {shown.map((title, i) => <li key={i}>{title}</li>)}
      {titles.length > shown.length && <li>{`و ${formatNumberFa(titles.length - shown.length)} مقالهٔ دیگر`}</li>}
    </ul>
  );
}

/** /admin/deleted-articles: deleted articles kept for a while, restored or removed for good. */
export function DeletedArticlesPage() {
  useAdminTitle('مقاله‌های حذف‌شده');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [purging, setPurging] = useState<DeletedArticle | null>(null);
  // More than one article comes back only after the editor has seen which.
  const [confirmingRestore, setConfirmingRestore] = useState(false);
  const list = useDeletedArticles(page);
  const restore = useRestoreArticles(() => setSelection(new Set()));
  const purge = usePurgeDeleted();
  // A viewer reads the list; restoring and purging need the 'articles' permission.
  const canEdit = useCan()('articles');

  const data = list.data;
  const rows = data?.articles ?? [];
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  // A restore or purge can empty the last page: step back to the new last one.
  useEffect(() => { if (data && page > totalPages) setPage(totalPages); }, [data, page, totalPages]);

  const choosable = rows.filter(restorable);
  // Only rows on this page count: a selection never outlives its page.
  const selected = choosable.filter((row) => selection.has(row.id)).map((row) => row.id);
  const allState = choosable.length > 0 && selected.length === choosable.length ? true : selected.length > 0 ? 'indeterminate' : false;
  const selectAll = (on: boolean) => setSelection(new Set(on ? choosable.map((row) => row.id) : []));
  const toggle = (id: number, on: boolean) => setSelection((current) => {
    const next = new Set(current);
    if (on) next.add(id); else next.delete(id);
    return next;
  });
  const goTo = (n: number) => { setPage(n); setSelection(new Set()); };
  const now = Date.now();

  return (
    <section aria-labelledby="deleted-articles-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="deleted-articles-heading" className="text-2xl font-bold">مقاله‌های حذف‌شده</h1>
        <button type="button" onClick={() => void list.refetch()} disabled={list.isFetching} className={buttonStyles.secondary}>
          <RotateCw aria-hidden="true" className={cn('size-4', list.isFetching && 'animate-spin')} />
          بازخوانی
        </button>
      </div>
      {data && (
        <p className="text-sm text-muted">
          {`مقاله‌های حذف‌شده ${formatNumberFa(data.retentionDays)} روز با نظرها، امتیازها و پرونده‌هایشان نگه داشته می‌شوند و پس از آن برای همیشه پاک می‌شوند. بازگرداندن، مقاله را با همان نشانی به سایت برمی‌گرداند و پست تلگرامش را از «فهرست مسدود» بیرون می‌آورد.`}
        </p>
      )}
      <StatGrid label="آمار مقاله‌های حذف‌شده">
        <StatCard label="مقاله‌های حذف‌شده" value={data?.total} />
        <StatCard label="روزهای نگه‌داری" value={data?.retentionDays} tone="amber" />
      </StatGrid>
      {canEdit && selected.length > 0 && (
        <div role="group" aria-label="کار با مقاله‌های انتخاب‌شده" className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3">
          <p className="me-auto text-sm">{`${formatNumberFa(selected.length)} مقاله انتخاب شده`}</p>
          <button type="button" className={buttonStyles.secondary} onClick={() => setSelection(new Set())}>لغو انتخاب</button>
          <button type="button" className={adminButton.primary} disabled={restore.isPending} onClick={() => (selected.length > 1 ? setConfirmingRestore(true) : restore.mutate(selected))}>
            <ArchiveRestore aria-hidden="true" className="size-4" />
            {`بازگرداندن ${formatNumberFa(selected.length)} مقاله`}
          </button>
        </div>
      )}
      {list.isPending ? <LoadingState label="در حال بارگذاری مقاله‌های حذف‌شده…" />
        : list.isError ? <ErrorState message={DELETED_ARTICLES_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
        : rows.length === 0 ? <EmptyState>{DELETED_ARTICLES_TEXTS.empty}</EmptyState>
        : (
          <>
            {/* On a phone the table's header (and its select-all box) is hidden: this one stands in. */}
            {canEdit && choosable.length > 0 && (
              <div className="sm:hidden">
                <Checkbox label="انتخاب همه مقاله‌های این صفحه" checked={allState} onCheckedChange={selectAll}>انتخاب همه مقاله‌های این صفحه</Checkbox>
              </div>
            )}
            <div className="overflow-x-auto rounded-xl border border-border bg-card">
              <table className="admin-cards w-full text-sm">
                <caption className="sr-only">مقاله‌های حذف‌شده</caption>
                <thead className="bg-surface">
                  <tr>
                    {canEdit && (
                      <th scope="col" className="px-3 py-2 text-start">
                        {choosable.length > 0 && <Checkbox label="انتخاب همه مقاله‌های این صفحه" checked={allState} onCheckedChange={selectAll} />}
                      </th>
                    )}
                    {['عنوان', 'دسته‌بندی', 'منبع', 'تاریخ حذف', 'حذف‌کننده', 'دلیل', 'نظرها', 'پاک شدن همیشگی', ...(canEdit ? ['عملیات'] : [])].map((h) => (
                      <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((article) => {
                    const title = titleOf(article);
                    const left = daysLeft(article.purgeAt, now);
                    return (
                      <tr key={article.id} data-deleted-id={article.id} className={cn('border-t border-border align-top', selection.has(article.id) && restorable(article) && 'bg-accent-soft/40')}>
                        {canEdit && (
                          <td data-label="انتخاب" className="px-3 py-2">
                            {restorable(article)
                              ? <Checkbox label={`انتخاب «${title}»`} checked={selection.has(article.id)} onCheckedChange={(on) => toggle(article.id, on)} />
                              : <span className="text-xs text-muted">—</span>}
                          </td>
                        )}
                        <td data-label="عنوان" className="min-w-56 max-w-md px-3 py-2">
                          <div>
                            <span className="font-medium">{title}</span>
                            {article.status !== 'published' && <span className="ms-2 whitespace-nowrap rounded-full bg-surface px-2 py-0.5 text-xs text-muted">منتشرنشده</span>}
                            {article.remadeAs !== null && (
                              <p className={cn('mt-1 text-xs', softAccentText)}>
                                بازگرداندنی نیست: پست تلگرامش پس از حذف دوباره مقالهٔ <bdi>{idFa(article.remadeAs)}</bdi> شده است.
                              </p>
                            )}
                          </div>
                        </td>
                        <td data-label="دسته‌بندی" className="whitespace-nowrap px-3 py-2"><span>{categoryFaName(article.category)}</span></td>
                        <td data-label="منبع" className="px-3 py-2">
                          {article.source ? <bdi dir="ltr">@{article.source}</bdi> : <span className="text-muted">دستی</span>}
                        </td>
                        <td data-label="تاریخ حذف" className="whitespace-nowrap px-3 py-2"><span>{formatJalaliDateTime(article.deletedAt)}</span></td>
                        <td data-label="حذف‌کننده" className="px-3 py-2">
                          {article.deletedBy ? <bdi>{article.deletedBy}</bdi> : <span className="text-muted">نامشخص</span>}
                        </td>
                        <td data-label="دلیل" className="min-w-40 px-3 py-2"><span>{article.reason ? persianServerText(article.reason) : 'بدون دلیل'}</span></td>
                        <td data-label="نظرها" className="px-3 py-2 tabular-nums"><span>{formatNumberFa(article.comments)}</span></td>
                        <td data-label="پاک شدن همیشگی" className="whitespace-nowrap px-3 py-2">
                          <div>
                            <span>{formatJalaliDate(article.purgeAt)}</span>
                            <span className="block text-xs text-muted">{left > 0 ? `${formatNumberFa(left)} روز دیگر` : 'امروز'}</span>
                          </div>
                        </td>
                        {canEdit && (
                          <td data-label="عملیات" className="px-3 py-2">
                            <div className="flex flex-wrap gap-1">
                              {restorable(article) && (
                                <button type="button" className={small} disabled={restore.isPending} onClick={() => restore.mutate([article.id])} aria-label={`بازگرداندن «${title}»`}>
                                  <ArchiveRestore aria-hidden="true" className="size-3.5" />
                                  بازگرداندن
                                </button>
                              )}
                              <button type="button" className={cn(small, 'hover:text-accent')} disabled={purge.isPending} onClick={() => setPurging(article)} aria-label={`حذف همیشگی «${title}»`}>
                                <Trash2 aria-hidden="true" className="size-3.5" />
                                حذف همیشگی
                              </button>
                            </div>
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      {data && <Pagination page={page} totalPages={totalPages} onPage={goTo} label="صفحه‌های مقاله‌های حذف‌شده" />}
      <ConfirmDialog
        open={confirmingRestore}
        onOpenChange={setConfirmingRestore}
        title="بازگرداندن مقاله‌ها"
        description={`این ${formatNumberFa(selected.length)} مقاله با نظرها و پرونده‌هایشان به همان نشانی‌ها برمی‌گردند و هر کدام که منتشرشده بود دوباره روی سایت می‌آید:`}
        details={<RestoreList titles={choosable.filter((row) => selection.has(row.id)).map(titleOf)} />}
        confirmLabel="بازگرداندن"
        onConfirm={() => { restore.mutate(selected); setConfirmingRestore(false); }}
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => { if (!open) setPurging(null); }}
        title="حذف همیشگی مقاله"
        description={purging ? `مقالهٔ «${titleOf(purging)}» با همهٔ آنچه همراهش نگه داشته شده برای همیشه پاک می‌شود و دیگر بازگرداندنی نیست:` : ''}
        details={purging && <PurgeDetails article={purging} />}
        confirmLabel="حذف همیشگی"
        destructive
        onConfirm={() => { if (purging) purge.mutate(purging.id); setPurging(null); }}
      />
    </section>
  );
}
