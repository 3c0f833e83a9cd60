import { Check, Cog, Database, ExternalLink, Flag, RotateCw } from 'lucide-react';
import { IGNORE_REASON_LABELS, type IgnoredPost, type IgnoreReason } from '@chapar/shared/contracts';
import { categoryFaName, findCategory, formatJalaliDate, formatNumberFa } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { IGNORED_TEXTS, useIgnoredPosts, useInitSample, useProcessIgnored, useReviewIgnored } from '../api.ts';

const PREVIEW = 120;
const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');

function preview(text: string): string {
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text;
}

function Row({ post }: { post: IgnoredPost }) {
  const review = useReviewIgnored();
  const process = useProcessIgnored();
  return (
    <tr data-ignored-id={post.id} className="border-t border-border align-top">
      <td data-label="شناسه تلگرام" className="px-3 py-2">
        <a href={post.url} target="_blank" rel="noopener noreferrer" className={cn('inline-flex items-center gap-1 text-accent hover:underline', focusRing)} aria-label={`پست ${formatNumberFa(post.telegramId, { useGrouping: false })} در تلگرام`}>
          {formatNumberFa(post.telegramId, { useGrouping: false })}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </td>
      <td data-label="دلیل" className="whitespace-nowrap px-3 py-2">
        {IGNORE_REASON_LABELS[post.reason as IgnoreReason] ?? post.reason}
        {post.duplicateOf ? (
          <> <a href={`/article/${post.duplicateOf}`} target="_blank" rel="noopener" className="text-accent underline-offset-4 hover:underline dark:text-red-200">تکرار مقالهٔ {post.duplicateOf.toLocaleString('fa-IR', { useGrouping: false })}</a></>
        ) : null}
      </td>
      <td data-label="محتوا" className="min-w-64 px-3 py-2"><span>{preview(post.content)}</span></td>
      <td data-label="دسته‌بندی" className="whitespace-nowrap px-3 py-2">{post.category && findCategory(post.category) ? categoryFaName(post.category) : 'نامشخص'}</td>
      <td data-label="تاریخ یافتن" className="whitespace-nowrap px-3 py-2">{formatJalaliDate(post.dateFound)}</td>
      <td data-label="وضعیت" className="px-3 py-2">
        <div className="flex flex-col items-start gap-1">
          {post.reviewedBy
            ? <span className="whitespace-nowrap rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-200">بررسی‌شده توسط {post.reviewedBy}</span>
            : <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">در انتظار بررسی</span>}
          {post.shouldProcess && <span className="whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">برای پردازش</span>}
        </div>
      </td>
      <td data-label="عملیات" className="px-3 py-2">
        <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
          {!post.reviewedBy && (
            <button type="button" className={small} disabled={review.isPending} onClick={() => review.mutate({ id: post.id, shouldProcess: false })} aria-label={`بررسی شد: پست ${post.telegramId}`}>
              <Check aria-hidden="true" className="size-3.5" />
              بررسی شد
            </button>
          )}
          {!post.shouldProcess && (
            <button type="button" className={small} disabled={review.isPending} onClick={() => review.mutate({ id: post.id, shouldProcess: true })} aria-label={`علامت برای پردازش: پست ${post.telegramId}`}>
              <Flag aria-hidden="true" className="size-3.5" />
              علامت برای پردازش
            </button>
          )}
          <button type="button" className={small} disabled={process.isPending} onClick={() => process.mutate(post.id)} aria-label={`پردازش پست ${post.telegramId}`}>
            <Cog aria-hidden="true" className="size-3.5" />
            پردازش
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Spec 03 §2.4: /admin/ignored and the dashboard's ignored tab. */
export function IgnoredPage({ embedded = false }: { embedded?: boolean }) {
  useAdminTitle('پست‌های نادیده‌گرفته');
  const list = useIgnoredPosts();
  const sample = useInitSample();
  const Heading = embedded ? 'h2' : 'h1';
  return (
    <section aria-labelledby="ignored-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="ignored-heading" className="text-2xl font-bold">پست‌های نادیده‌گرفته</Heading>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => sample.mutate()} disabled={sample.isPending} className={buttonStyles.secondary}>
            <Database aria-hidden="true" className="size-4" />
            ثبت پست‌های نمونه
          </button>
          <button type="button" onClick={() => void list.refetch()} disabled={list.isFetching} className={buttonStyles.secondary}>
            <RotateCw aria-hidden="true" className={cn('size-4', list.isFetching && 'animate-spin')} />
            بازخوانی
          </button>
        </div>
      </div>
      <StatGrid label="آمار پست‌های نادیده‌گرفته">
        <StatCard label="کل" value={list.data?.stats.total} />
        <StatCard label="بررسی‌شده" value={list.data?.stats.reviewed} tone="green" />
        <StatCard label="برای پردازش" value={list.data?.stats.toProcess} tone="blue" />
      </StatGrid>
      {list.isPending ? <LoadingState label="در حال بارگذاری پست‌ها…" />
        : list.isError ? <ErrorState message={IGNORED_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
        : list.data.posts.length === 0 ? <EmptyState>{IGNORED_TEXTS.empty}</EmptyState>
        : (
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table className="admin-cards w-full text-sm">
              <caption className="sr-only">فهرست پست‌های نادیده‌گرفته</caption>
              <thead className="bg-surface">
                <tr>
                  {['شناسه تلگرام', 'دلیل', 'محتوا', 'دسته‌بندی', 'تاریخ یافتن', 'وضعیت', 'عملیات'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}
                </tr>
              </thead>
              <tbody>{list.data.posts.map((post) => <Row key={post.id} post={post} />)}</tbody>
            </table>
          </div>
        )}
      <details className="rounded-xl border border-border bg-card p-4 text-sm">
        <summary className={cn('cursor-pointer font-medium', focusRing)}>راهنمای استفاده</summary>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-muted">
          <li>پست‌هایی که دریافت خودکار به دلیل کوتاهی، تبلیغاتی بودن، غیرخبری یا غیرفارسی بودن یا تکراری بودن کنار گذاشته، اینجا فهرست می‌شوند.</li>
          <li>«بررسی شد» پست را با نام شما بررسی‌شده ثبت می‌کند؛ «علامت برای پردازش» آن را برای تبدیل به خبر نشان می‌گذارد.</li>
          <li>«پردازش» پست را همین حالا به مقاله تبدیل می‌کند و فهرست مقالات به‌روز می‌شود.</li>
          <li>«ثبت پست‌های نمونه» آخرین پست‌های کانال‌ها را بررسی و موارد نادیده‌گرفته را ثبت می‌کند.</li>
        </ul>
      </details>
    </section>
  );
}
