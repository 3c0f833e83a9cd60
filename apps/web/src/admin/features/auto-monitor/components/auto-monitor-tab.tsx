import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Play, RefreshCw, Square, Zap } from 'lucide-react';
import { NO_ACTIVE_CHANNEL } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, formatRelativeFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useCan } from '../../../lib/permissions.ts';
import { adminPaths, TAB_LABELS } from '../../../paths.ts';
import { MONITOR_TEXTS, useForceCheck, useMonitorStatus, useToggleMonitor, type ForceCheckAnswer } from '../api.ts';

/** mm:ss (or h:mm:ss) in Persian digits; 0 once the time has come. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return toPersianDigits(h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`);
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Spec 03 §2.3 'Auto-monitor tab': status, figures, start/stop, check now, countdown, last check. */
export function AutoMonitorTab() {
  const status = useMonitorStatus();
  const toggle = useToggleMonitor();
  const [lastForced, setLastForced] = useState<ForceCheckAnswer | null>(null);
  const force = useForceCheck(setLastForced);
  // The switch is a site setting (owner); a check now is a job (editor); a viewer only reads.
  const can = useCan();
  const data = status.data;
  // Switched on with no channel switched on, the monitor has nothing to read: no countdown, no «فعال».
  const idle = data?.activeChannels === 0;
  const counting = Boolean(data?.isMonitoring) && !idle;
  const now = useNow(counting);
  const nextAt = counting && data?.nextCheck ? Date.parse(data.nextCheck) : null;
  const due = nextAt !== null && nextAt <= now;

  // When the countdown reaches zero the scheduled check has started: read the status again shortly after.
  const { refetch } = status;
  useEffect(() => {
    if (!due) return undefined;
    const timer = setTimeout(() => void refetch(), 5_000);
    return () => clearTimeout(timer);
  }, [due, refetch]);

  if (status.isPending) return <LoadingState label="در حال بارگذاری وضعیت پایش…" />;
  if (status.isError || !data) return <ErrorState message={MONITOR_TEXTS.loadFailed} onRetry={() => void status.refetch()} />;

  const last = data.lastResults;
  const errors = last.errors.length ? last.errors : [];
  return (
    <section aria-labelledby="monitor-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="monitor-heading" className="text-xl font-bold">پایش خودکار</h2>
          <span
            data-monitor-state={!data.isMonitoring ? 'stopped' : idle ? 'idle' : 'active'}
            className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium', !data.isMonitoring ? 'bg-surface text-muted border border-border' : idle ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200')}
          >
            <span aria-hidden="true" className={cn('size-2 rounded-full', !data.isMonitoring ? 'bg-gray-400' : idle ? 'bg-amber-600' : 'animate-pulse bg-green-600')} />
            {!data.isMonitoring ? 'متوقف' : idle ? 'بی‌کار' : 'فعال'}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {!can('settings') ? null : data.isMonitoring ? (
            <button type="button" className={buttonStyles.secondary} onClick={() => toggle.mutate('stop')} disabled={toggle.isPending}>
              <Square aria-hidden="true" className="size-4" />
              توقف پایش
            </button>
          ) : (
            <button type="button" className={adminButton.primary} onClick={() => toggle.mutate('start')} disabled={toggle.isPending}>
              <Play aria-hidden="true" className="size-4" />
              شروع پایش
            </button>
          )}
          {can('jobs') && (
            <button type="button" className={buttonStyles.secondary} onClick={() => force.mutate()} disabled={force.isPending}>
              <Zap aria-hidden="true" className={cn('size-4', force.isPending && 'animate-pulse')} />
              {force.isPending ? 'در حال بررسی…' : 'بررسی فوری'}
            </button>
          )}
          <button type="button" className={buttonStyles.ghost} onClick={() => void status.refetch()} disabled={status.isFetching} aria-label="بازخوانی وضعیت پایش">
            <RefreshCw aria-hidden="true" className={cn('size-4', status.isFetching && 'animate-spin')} />
          </button>
        </div>
      </div>
      <p className="text-sm text-muted">
        پایش خودکار هر {formatNumberFa(data.intervalMinutes)} دقیقه کانال‌های فعال را برای پست تازه بررسی می‌کند. بررسی فوری یک بار همین حالا بررسی می‌کند و روشن یا خاموش بودن پایش را تغییر نمی‌دهد.
      </p>
      {idle && (
        <p role="note" data-no-active-channel className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {NO_ACTIVE_CHANNEL.why}
            {' '}
            {/* NO_ACTIVE_CHANNEL.next, its tab's name a link to the tab. */}
            کانالی را در «<Link to={adminPaths.dashboard('channels')} className="font-bold underline underline-offset-4">{TAB_LABELS.channels}</Link>» فعال کنید
          </span>
        </p>
      )}
      <StatGrid label="آمار پایش خودکار">
        <StatCard label="کانال‌های فعال" value={data.activeChannels} tone="blue" />
        <StatCard label="پست‌های جدید" value={last.newPosts} tone="accent" />
        <StatCard label="پردازش‌شده" value={last.processedPosts} tone="green" />
        <div className="rounded-xl border border-border bg-card p-4">
          <dt className="text-sm text-muted">بررسی بعدی</dt>
          {/* Only the countdown is a figure; a sentence in its place reads as text, in text size. */}
          <dd className={cn('mt-1', nextAt !== null && !due ? 'text-2xl font-bold tabular-nums' : 'text-sm leading-6 font-medium', (!data.isMonitoring || nextAt === null) && 'text-muted')} data-countdown>
            {!data.isMonitoring ? <span>پایش متوقف است</span>
              : nextAt === null ? <span>{idle ? 'بدون کانال فعال، بررسی‌ای در کار نیست' : 'زمان‌بندی نشده'}</span>
              : due ? <span>در حال بررسی…</span>
              : <time dir="ltr" dateTime={data.nextCheck ?? undefined} title={formatJalaliDateTime(nextAt)}>{countdownText(nextAt - now)}</time>}
          </dd>
        </div>
      </StatGrid>
      {force.isPending && (
        <div role="status" className="rounded-xl border border-border bg-card p-3 text-sm">بررسی فوری کانال‌ها در حال اجراست؛ ممکن است چند دقیقه طول بکشد…</div>
      )}
      {lastForced && !force.isPending && (
        <p className={cn('rounded-xl border p-3 text-sm', lastForced.success ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200')}>
          {lastForced.message}
        </p>
      )}
      <article aria-labelledby="last-check-heading" className="rounded-xl border border-border bg-card p-4" data-last-check>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="last-check-heading" className="text-lg font-bold">آخرین بررسی</h3>
          {last.lastCheck && (
            last.success
              ? <span className="inline-flex items-center gap-1 text-sm text-green-700 dark:text-green-400"><CheckCircle2 aria-hidden="true" className="size-4" />موفق</span>
              : <span className="inline-flex items-center gap-1 text-sm text-amber-700 dark:text-amber-300"><AlertTriangle aria-hidden="true" className="size-4" />با خطا</span>
          )}
        </div>
        {!last.lastCheck ? <p className="mt-2 text-muted">هنوز بررسی‌ای انجام نشده است.</p> : (
          <>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div><dt className="text-muted">زمان</dt><dd><time dateTime={last.lastCheck}>{formatJalaliDateTime(last.lastCheck)}</time> <span className="text-muted">({formatRelativeFa(last.lastCheck)})</span></dd></div>
              <div><dt className="text-muted">پست‌های جدید</dt><dd className="font-bold">{formatNumberFa(last.newPosts)}</dd></div>
              <div><dt className="text-muted">پردازش‌شده</dt><dd className="font-bold">{formatNumberFa(last.processedPosts)}</dd></div>
            </dl>
            {(errors.length > 0 || !last.success) && (
              <div role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
                <p className="font-bold">خطاهای آخرین بررسی</p>
                <ul className="mt-1 list-inside list-disc space-y-1 break-words">
                  {(errors.length ? errors : [MONITOR_TEXTS.unknownError]).map((e) => <li key={e} dir="auto">{e || MONITOR_TEXTS.unknownError}</li>)}
                </ul>
              </div>
            )}
            {last.withoutMedia.length > 0 && (
              <div role="note" data-without-media className="mt-3 rounded-lg border border-border bg-surface p-3 text-sm">
                <p className="font-bold">منتشرشده با رسانهٔ ناقص</p>
                <p className="mt-1 text-muted">رسانهٔ این پست‌ها از تلگرام دریافت نشد؛ بررسی بعدی دوباره امتحان می‌کند.</p>
                <ul className="mt-1 list-inside list-disc space-y-1 break-words">
                  {last.withoutMedia.map((line) => <li key={line} dir="auto">{line}</li>)}
                </ul>
              </div>
            )}
          </>
        )}
      </article>
    </section>
  );
}
