import { useState } from 'react';
import { RotateCw, ShieldCheck, Trash2 } from 'lucide-react';
import type { BlockedPost } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { persianServerText } from '../../../lib/persian-text.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { BLOCKLIST_TEXTS, useAllowRegeneration, useBlockedPosts, useUnblock } from '../api.ts';

const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');
/** An id as a Persian number without a thousands separator: ids are names, not amounts. */
const idFa = (id: number) => formatNumberFa(id, { useGrouping: false });

/** Spec 03 §2.9: /admin/blocklist. */
export function BlocklistPage() {
  useAdminTitle('فهرست مسدود');
  const list = useBlockedPosts();
  const allow = useAllowRegeneration();
  const unblock = useUnblock();
  const [deleting, setDeleting] = useState<BlockedPost | null>(null);
  const posts = list.data?.posts ?? [];
  const allowed = posts.filter((p) => p.allowRegeneration).length;
  return (
    <section aria-labelledby="blocklist-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="blocklist-heading" className="text-2xl font-bold">فهرست پست‌های مسدود</h1>
        <button type="button" onClick={() => void list.refetch()} disabled={list.isFetching} className={buttonStyles.secondary}>
          <RotateCw aria-hidden="true" className={cn('size-4', list.isFetching && 'animate-spin')} />
          بازخوانی
        </button>
      </div>
      <p className="text-sm text-muted">پست‌هایی که مقاله‌شان حذف شده، دوباره ساخته نمی‌شوند مگر اینکه بازسازی‌شان را مجاز کنید یا از فهرست حذفشان کنید. این فهرست هر ۳۰ ثانیه به‌روز می‌شود.</p>
      <StatGrid label="آمار فهرست مسدود">
        <StatCard label="کل مسدودشده‌ها" value={list.data?.count} />
        <StatCard label="مجاز به بازسازی" value={list.data ? allowed : undefined} tone="green" />
        <StatCard label="کاملاً مسدود" value={list.data ? posts.length - allowed : undefined} tone="accent" />
      </StatGrid>
      {list.isPending ? <LoadingState label="در حال بارگذاری فهرست…" />
        : list.isError ? <ErrorState message={BLOCKLIST_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
        : posts.length === 0 ? <EmptyState>{BLOCKLIST_TEXTS.empty}</EmptyState>
        : (
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table className="admin-cards w-full text-sm">
              <caption className="sr-only">پست‌های مسدود</caption>
              <thead className="bg-surface">
                <tr>
                  {['شناسه تلگرام', 'منبع', 'عنوان', 'تاریخ حذف', 'دلیل', 'وضعیت', 'عملیات'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id} data-blocked-id={post.id} className="border-t border-border align-top">
                    <td data-label="شناسه تلگرام" className="px-3 py-2 tabular-nums">{idFa(post.telegramId)}</td>
                    <td data-label="منبع" className="px-3 py-2"><bdi dir="ltr">@{post.source}</bdi></td>
                    <td data-label="عنوان" className="min-w-48 px-3 py-2"><span>{post.title || 'بدون عنوان'}</span></td>
                    <td data-label="تاریخ حذف" className="whitespace-nowrap px-3 py-2">{formatJalaliDateTime(post.deletedAt)}</td>
                    <td data-label="دلیل" className="px-3 py-2"><span>{post.reason ? persianServerText(post.reason) : 'بدون دلیل'}</span></td>
                    <td data-label="وضعیت" className="px-3 py-2">
                      {post.allowRegeneration
                        ? <span className="whitespace-nowrap rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-200">بازسازی مجاز</span>
                        : <span className="whitespace-nowrap rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent dark:text-red-200">کاملاً مسدود</span>}
                    </td>
                    <td data-label="عملیات" className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        {!post.allowRegeneration && (
                          <button type="button" className={small} disabled={allow.isPending} onClick={() => allow.mutate(post)} aria-label={`مجاز کردن بازسازی پست ${idFa(post.telegramId)} از @${post.source}`}>
                            <ShieldCheck aria-hidden="true" className="size-3.5" />
                            مجاز کردن
                          </button>
                        )}
                        <button type="button" className={small} onClick={() => setDeleting(post)} aria-label={`حذف پست ${idFa(post.telegramId)} از @${post.source} از فهرست مسدود`}>
                          <Trash2 aria-hidden="true" className="size-3.5" />
                          حذف
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title="حذف از فهرست مسدود"
        description="با حذف این مورد، پست می‌تواند در پردازش بعدی دوباره به صورت خودکار ساخته شود. ادامه می‌دهید؟"
        confirmLabel="حذف"
        destructive
        onConfirm={() => { if (deleting) unblock.mutate(deleting); setDeleting(null); }}
      />
    </section>
  );
}
