import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Check, Cog, Database, ExternalLink, Flag, RotateCw } from 'lucide-react';
import { IGNORE_REASON_LABELS, type IgnoredPost, type IgnoreReason } from '@chapar/shared/contracts';
import { categoryFaName, findCategory, formatJalaliDate, formatNumberFa, isolateLatinRuns } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { persianServerText } from '../../../lib/persian-text.ts';
import { adminPaths, TAB_LABELS } from '../../../paths.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { IGNORED_TEXTS, useActiveChannelCount, useIgnoredPosts, useInitSample, useProcessIgnored, useReviewIgnored } from '../api.ts';

const PREVIEW = 120;
const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');
const link = 'text-accent underline-offset-4 hover:underline dark:text-red-200';
const COLUMNS = ['شناسه تلگرام', 'کانال', 'دلیل', 'محتوا', 'دسته‌بندی', 'تاریخ یافتن', 'وضعیت', 'عملیات'];

/** An id as a Persian number without a thousands separator: ids are names, not amounts. */
const idFa = (id: number) => formatNumberFa(id, { useGrouping: false });

function preview(text: string): string {
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text;
}

function ArticleLink({ id, children, inText = false }: { id: number; children: React.ReactNode; inText?: boolean }) {
  // Inside a sentence a link is underlined: its colour alone would not set it apart.
  return <a href={`/article/${id}`} target="_blank" rel="noopener" className={cn(link, focusRing, inText && 'underline')}>{children}</a>;
}

function Row({ post, onProcess, processing }: { post: IgnoredPost; onProcess: (post: IgnoredPost) => void; processing: boolean }) {
  const review = useReviewIgnored();
  const name = `پست ${idFa(post.telegramId)} از @${post.source}`;
  return (
    <tr data-ignored-id={post.id} className="border-t border-border align-top">
      <td data-label="شناسه تلگرام" className="px-3 py-2">
        <a href={post.url} target="_blank" rel="noopener noreferrer" className={cn('inline-flex items-center gap-1 text-accent hover:underline', focusRing)} aria-label={`${name} در تلگرام`}>
          {idFa(post.telegramId)}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </td>
      <td data-label="کانال" className="whitespace-nowrap px-3 py-2"><bdi dir="ltr">@{post.source}</bdi></td>
      <td data-label="دلیل" className="px-3 py-2">
        <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
          <span>{IGNORE_REASON_LABELS[post.reason as IgnoreReason] ?? persianServerText(post.reason)}</span>
          {post.duplicateOf ? <ArticleLink id={post.duplicateOf}>تکرار مقالهٔ {idFa(post.duplicateOf)}</ArticleLink> : null}
        </div>
      </td>
      <td data-label="محتوا" className="min-w-64 px-3 py-2">
        {/* A post in English reads left to right; handles and links in a Persian one are not mirrored. */}
        <p dir="auto" className="text-start">{isolateLatinRuns(preview(post.content))}</p>
      </td>
      <td data-label="دسته‌بندی" className="whitespace-nowrap px-3 py-2">{post.category && findCategory(post.category) ? categoryFaName(post.category) : 'نامشخص'}</td>
      <td data-label="تاریخ یافتن" className="whitespace-nowrap px-3 py-2">{formatJalaliDate(post.dateFound)}</td>
      <td data-label="وضعیت" className="px-3 py-2">
        <div className="flex flex-col items-start gap-1">
          {post.reviewedBy
            ? <span className="whitespace-nowrap rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-950 dark:text-green-200">بررسی‌شده توسط <bdi>{post.reviewedBy}</bdi></span>
            : <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">در انتظار بررسی</span>}
          {post.shouldProcess && <span className="whitespace-nowrap rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">برای پردازش</span>}
        </div>
      </td>
      <td data-label="عملیات" className="px-3 py-2">
        <div className="flex flex-wrap justify-end gap-1 sm:justify-start">
          {!post.reviewedBy && (
            <button type="button" className={small} disabled={review.isPending} onClick={() => review.mutate({ id: post.id, shouldProcess: false })} aria-label={`بررسی شد: ${name}`}>
              <Check aria-hidden="true" className="size-3.5" />
              بررسی شد
            </button>
          )}
          {!post.shouldProcess && (
            <button type="button" className={small} disabled={review.isPending} onClick={() => review.mutate({ id: post.id, shouldProcess: true })} aria-label={`علامت برای پردازش: ${name}`}>
              <Flag aria-hidden="true" className="size-3.5" />
              علامت برای پردازش
            </button>
          )}
          <button type="button" className={small} disabled={processing} onClick={() => onProcess(post)} aria-label={`پردازش ${name}`}>
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
  const process = useProcessIgnored();
  // A post left out as a duplicate becomes a second article of the same story: asked first.
  const [confirming, setConfirming] = useState<IgnoredPost | null>(null);
  const requestProcess = (post: IgnoredPost) => (post.reason === 'duplicate' ? setConfirming(post) : process.mutate(post.id));
  const Heading = embedded ? 'h2' : 'h1';
  // The sample reads the active channels' latest posts: with none there is nothing to read.
  const noChannel = useActiveChannelCount() === 0;
  const noChannelId = useId();
  return (
    <section aria-labelledby="ignored-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="ignored-heading" className="text-2xl font-bold">پست‌های نادیده‌گرفته</Heading>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => sample.mutate()} disabled={sample.isPending || noChannel} aria-describedby={noChannel ? noChannelId : undefined} className={buttonStyles.secondary}>
            <Database aria-hidden="true" className="size-4" />
            ثبت پست‌های نمونه
          </button>
          <button type="button" onClick={() => void list.refetch()} disabled={list.isFetching} className={buttonStyles.secondary}>
            <RotateCw aria-hidden="true" className={cn('size-4', list.isFetching && 'animate-spin')} />
            بازخوانی
          </button>
        </div>
      </div>
      {noChannel && (
        <p id={noChannelId} className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          «ثبت پست‌های نمونه» آخرین پست‌های کانال‌های فعال را می‌خواند و اکنون هیچ کانال فعالی نیست.
          {' '}
          {/* NO_ACTIVE_CHANNEL.next, its tab's name a link to the tab. */}
          کانالی را در «<Link to={adminPaths.dashboard('channels')} className="font-bold underline underline-offset-4">{TAB_LABELS.channels}</Link>» فعال کنید
        </p>
      )}
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
                  {COLUMNS.map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}
                </tr>
              </thead>
              <tbody>{list.data.posts.map((post) => <Row key={post.id} post={post} onProcess={requestProcess} processing={process.isPending} />)}</tbody>
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
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => { if (!open) setConfirming(null); }}
        title="پردازش پست تکراری"
        description={confirming?.duplicateOf
          ? <>این پست تکرار <ArticleLink id={confirming.duplicateOf} inText>مقالهٔ {idFa(confirming.duplicateOf)}</ArticleLink> است؛ با پردازش آن مقالهٔ دیگری از همان خبر ساخته می‌شود. با این حال پردازش شود؟</>
          : 'این پست تکرار مقاله‌ای است که پیش‌تر منتشر شده؛ با پردازش آن مقالهٔ دیگری از همان خبر ساخته می‌شود. با این حال پردازش شود؟'}
        confirmLabel="با این حال پردازش شود"
        onConfirm={() => { if (confirming) process.mutate(confirming.id); setConfirming(null); }}
      />
    </section>
  );
}
