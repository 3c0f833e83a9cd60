import { Fragment, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { DigestStatus, DigestSummary } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { EmptyState, LoadingState } from '../../../components/states.tsx';
import { persianServerText } from '../../../lib/persian-text.ts';
import { useDigestSends } from '../digest-api.ts';

const STATUS: Record<DigestStatus | 'partial' | 'retrying', { label: string; tone: string }> = {
  sending: { label: 'در حال ارسال', tone: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200' },
  /** Sending, though the mail service refused its last message: nothing goes until the queue tries again. */
  retrying: { label: 'سرور ایمیل نپذیرفت؛ در انتظار تلاش دوباره', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  done: { label: 'پایان یافت', tone: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' },
  /** Done, though some addresses did not get it (its failed count says how many). */
  partial: { label: 'پایان یافت؛ به برخی نرسید', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  failed: { label: 'ناموفق؛ به هیچ نشانی نرسید', tone: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
  empty: { label: 'بی‌مقاله؛ فرستاده نشد', tone: 'bg-surface text-muted ring-1 ring-border' },
};

/** How a digest stands on the page: done with failed sends is partial; sending with refused sends waits for a retry. */
const statusOf = (d: DigestSummary) => STATUS[
  d.status === 'done' && d.counts.failed > 0 ? 'partial' : d.status === 'sending' && d.counts.retrying > 0 ? 'retrying' : d.status
] ?? STATUS.sending;

/** A digest's failed sends: the address and the reason, in the server's words. */
function Failures({ digestId }: { digestId: number }) {
  const failed = useDigestSends(digestId, 'failed', true);
  if (failed.isPending) return <LoadingState label="در حال خواندن خطاها…" />;
  const sends = failed.data?.sends ?? [];
  if (!sends.length) return <p className="text-sm text-muted">خطایی ثبت نشده است.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {sends.map((s) => (
        <li key={s.id} className="rounded-lg bg-surface p-2">
          <bdi dir="ltr" className="font-medium break-all">{s.email}</bdi>
          <span className="ms-2 text-xs text-muted">
            {s.bounced ? 'نشانی پذیرفته نشد' : s.retry ? 'دوباره تلاش می‌شود' : 'ناموفق'}
            {` · ${toPersianDigits(s.attempts)} تلاش`}
          </span>
          {s.error && <p className="mt-1 text-muted">{persianServerText(s.error)}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The latest digests with their sends counted: sent, failed (bounced among them), still queued. */
export function DigestsTable({ digests, loading }: { digests: DigestSummary[] | undefined; loading: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  if (loading) return <LoadingState label="در حال بارگذاری ارسال‌ها…" />;
  if (!digests?.length) return <EmptyState>هنوز خبرنامه‌ای فرستاده نشده است</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="admin-cards w-full text-sm">
        <caption className="sr-only">ارسال‌های خبرنامه</caption>
        <thead className="bg-surface">
          <tr>
            {['زمان', 'نوع', 'وضعیت', 'مقاله', 'فرستاده', 'ناموفق', 'در صف', 'خطاها'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {digests.map((d) => {
            const status = statusOf(d);
            // Not sent yet: queued, being sent, or refused by the mail service and waiting for a retry.
            const waiting = d.counts.queued + d.counts.sending + d.counts.retrying;
            const reason = d.status !== 'done' && d.failureReason ? d.failureReason : null;
            return (
              <Fragment key={d.id}>
                <tr data-digest-id={d.id} className="border-t border-border">
                  <td data-label="زمان" className="whitespace-nowrap px-3 py-2">{formatJalaliDateTime(d.createdAt)}</td>
                  <td data-label="نوع" className="px-3 py-2">
                    <span>{d.trigger === 'schedule' ? 'زمان‌بندی' : <>دستی{d.requestedBy && <> <bdi>({d.requestedBy})</bdi></>}</>}</span>
                  </td>
                  <td data-label="وضعیت" className="px-3 py-2">
                    <span className={cn('whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs', status.tone)}>{status.label}</span>
                    {/* Why it has not gone (a failed digest, or one waiting for a retry): the mail server's answer. */}
                    {reason && <p data-failure-reason className="mt-1 max-w-xs text-xs leading-5 text-muted">{persianServerText(reason)}</p>}
                  </td>
                  <td data-label="مقاله" className="px-3 py-2">{formatNumberFa(d.articleCount)}</td>
                  <td data-label="فرستاده" className="whitespace-nowrap px-3 py-2" data-count="sent"><span>{`${formatNumberFa(d.counts.sent)} از ${formatNumberFa(d.counts.total)}`}</span></td>
                  <td data-label="ناموفق" className="whitespace-nowrap px-3 py-2" data-count="failed">
                    <span>
                      <span className={d.counts.failed ? 'font-bold text-accent dark:text-red-300' : ''}>{formatNumberFa(d.counts.failed)}</span>
                      {d.counts.bounced > 0 && <span className="ms-1 text-xs text-muted">({formatNumberFa(d.counts.bounced)} نشانی نپذیرفته)</span>}
                    </span>
                  </td>
                  <td data-label="در صف" className="px-3 py-2" data-count="waiting">
                    <span>
                      {formatNumberFa(waiting)}
                      {d.counts.retrying > 0 && <span className="ms-1 text-xs text-muted">({formatNumberFa(d.counts.retrying)} در انتظار تلاش دوباره)</span>}
                    </span>
                  </td>
                  <td data-label="خطاها" className="px-3 py-2">
                    {d.counts.failed + d.counts.retrying > 0 ? (
                      <button type="button" aria-expanded={open === d.id} aria-controls={`digest-failures-${d.id}`} onClick={() => setOpen(open === d.id ? null : d.id)} className={cn(buttonStyles.ghost, 'px-2 py-1')}>
                        {open === d.id ? 'بستن' : 'دیدن خطاها'}
                        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open === d.id && 'rotate-180')} />
                      </button>
                    ) : <span className="text-muted">—</span>}
                  </td>
                </tr>
                {open === d.id && (
                  <tr id={`digest-failures-${d.id}`} className="border-t border-border bg-card">
                    <td colSpan={8} className="px-3 py-3"><Failures digestId={d.id} /></td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
