import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, Clock, Cpu, RefreshCw } from 'lucide-react';
import type { ServiceHealth } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, formatRelativeFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { cn } from '../../../../lib/cn.ts';
import { Checkbox } from '../../../components/fields.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorText, TOAST_TITLES } from '../../../lib/api.ts';
import { HEALTH_KEY, HISTORY_KEY, useQueueStatus, useRefreshHealth, useSystemHealth, useSystemHistory } from '../api.ts';
import { HistoryCharts } from './history-charts.tsx';
import { QueueTable } from './queue-table.tsx';

type Look = { label: string; dot: string; badge: string };

/** Spec 03 §4: down and unhealthy look alike (inactive); anything unknown is 'checking'. */
export function statusLook(status: string | undefined): Look {
  switch (status) {
    case 'healthy':
      return { label: 'سالم', dot: 'bg-green-600', badge: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' };
    case 'degraded':
      return { label: 'کارکرد ناقص', dot: 'bg-amber-500', badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' };
    case 'down':
    case 'unhealthy':
      return { label: 'غیرفعال', dot: 'bg-red-600', badge: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' };
    default:
      return { label: 'در حال بررسی', dot: 'bg-gray-400', badge: 'bg-surface text-muted border border-border' };
  }
}

function StatusBadge({ status }: { status: string | undefined }) {
  const look = statusLook(status);
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium', look.badge)} data-status={status ?? 'unknown'}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', look.dot)} />
      {look.label}
    </span>
  );
}

/** '۲ روز و ۳ ساعت و ۵ دقیقه' from milliseconds. */
export function uptimeText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = [d && `${formatNumberFa(d)} روز`, h && `${formatNumberFa(h)} ساعت`, `${formatNumberFa(m)} دقیقه`].filter(Boolean);
  return parts.join(' و ');
}

const megabytes = (bytes: number) => `${formatNumberFa(Math.round(bytes / 1_048_576))} مگابایت`;

function ServiceCard({ service }: { service: ServiceHealth }) {
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4" data-service={service.id} aria-label={`${service.service}: ${statusLook(service.status).label}`}>
      <div className="flex items-start justify-between gap-2">
        <h4 className="min-w-0 break-words font-bold">{service.service}</h4>
        <StatusBadge status={service.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div><dt className="text-muted">زمان پاسخ</dt><dd className="tabular-nums">{service.responseTime === null ? '—' : `${formatNumberFa(service.responseTime)} میلی‌ثانیه`}</dd></div>
        <div><dt className="text-muted">آخرین بررسی</dt><dd><time dateTime={service.lastChecked} title={formatJalaliDateTime(service.lastChecked)}>{formatRelativeFa(service.lastChecked)}</time></dd></div>
      </dl>
      {service.error && <p dir="auto" className="break-words rounded-lg bg-surface p-2 text-sm text-muted" data-service-error>{service.error}</p>}
    </article>
  );
}

/** Spec 03 §2.3 'System monitor tab'. */
export function SystemMonitorTab() {
  const [auto, setAuto] = useState(true);
  const health = useSystemHealth(auto);
  const queue = useQueueStatus();
  const history = useSystemHistory();
  const refreshNow = useRefreshHealth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const fresh = await refreshNow();
      queryClient.setQueryData(HEALTH_KEY, fresh);
      await Promise.all([queue.refetch(), queryClient.invalidateQueries({ queryKey: HISTORY_KEY })]);
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: errorText(error, 'خطا در ارتباط با سرور'), variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  };

  const h = health.data;
  const q = queue.data;
  return (
    <section aria-labelledby="system-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="system-heading" className="text-xl font-bold">پایش سیستم</h2>
          {h && <span className="text-sm" data-overall={h.overall}>وضعیت کلی: <StatusBadge status={h.overall} /></span>}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox checked={auto} onCheckedChange={setAuto} label="بازخوانی خودکار">بازخوانی خودکار (هر ۳۰ ثانیه)</Checkbox>
          <button type="button" className={buttonStyles.secondary} onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
            {refreshing ? 'در حال بررسی…' : 'بازخوانی'}
          </button>
        </div>
      </div>
      {h && <p className="text-xs text-muted">آخرین به‌روزرسانی: <time dateTime={h.timestamp}>{formatJalaliDateTime(h.timestamp)}</time>. بازخوانی دستی همه سرویس‌ها را همین حالا دوباره می‌آزماید.</p>}

      {health.isPending ? <LoadingState label="در حال بررسی سرویس‌ها…" />
        : health.isError || !h ? <ErrorState message="خطا در بارگذاری وضعیت سیستم" onRetry={() => void health.refetch()} />
        : (
          <>
            <div className="grid gap-3 sm:grid-cols-3">
              <div className="rounded-xl border border-border bg-card p-4">
                <p className="flex items-center gap-1.5 text-sm text-muted"><Activity aria-hidden="true" className="size-4" />وضعیت کلی</p>
                <p className="mt-2"><StatusBadge status={h.overall} /></p>
              </div>
              <div className="rounded-xl border border-border bg-card p-4">
                <p className="flex items-center gap-1.5 text-sm text-muted"><Clock aria-hidden="true" className="size-4" />زمان کارکرد</p>
                <p className="mt-2 font-bold">{uptimeText(h.uptime)}</p>
              </div>
              <div className="rounded-xl border border-border bg-card p-4">
                <p className="flex items-center gap-1.5 text-sm text-muted"><Cpu aria-hidden="true" className="size-4" />حافظه</p>
                <p className="mt-2 font-bold">{formatNumberFa(h.memory.percentage)}٪ در استفاده</p>
                <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface" role="meter" aria-label="مصرف حافظه" aria-valuemin={0} aria-valuemax={100} aria-valuenow={h.memory.percentage}>
                  <div className={cn('h-full', h.memory.percentage > 90 ? 'bg-red-600' : h.memory.percentage > 75 ? 'bg-amber-500' : 'bg-green-600')} style={{ width: `${h.memory.percentage}%` }} />
                </div>
                <p className="mt-1 text-xs text-muted">{megabytes(h.memory.used)} مصرف‌شده، {megabytes(h.memory.free)} آزاد</p>
              </div>
            </div>
            <section aria-labelledby="services-heading">
              <h3 id="services-heading" className="mb-2 text-lg font-bold">سرویس‌ها</h3>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {h.services.map((s) => <ServiceCard key={s.id} service={s} />)}
              </div>
            </section>
          </>
        )}

      <section aria-labelledby="queue-heading" className="space-y-3">
        <h3 id="queue-heading" className="text-lg font-bold">صف پردازش <span className="text-xs font-normal text-muted">(هر ۱۰ ثانیه به‌روز می‌شود)</span></h3>
        {queue.isError ? <ErrorState message="خطا در بارگذاری وضعیت صف" onRetry={() => void queue.refetch()} /> : (
          <>
            <StatGrid label="شمار کارهای صف">
              <StatCard label="در انتظار" value={q?.pending} tone="blue" />
              <StatCard label="در حال پردازش" value={q?.processing} tone="amber" />
              <StatCard label="انجام‌شده" value={q?.completed} tone="green" />
              <StatCard label="ناموفق" value={q?.failed} tone="accent" />
              <StatCard label="کل" value={q?.total} />
              <StatCard label="کل پردازش‌شده" value={q?.totalProcessed} />
            </StatGrid>
            {q && q.queues.length > 0 && <QueueTable queues={q.queues} />}
          </>
        )}
      </section>

      <section aria-labelledby="history-heading" className="space-y-3">
        <h3 id="history-heading" className="text-lg font-bold">یک ساعت گذشته</h3>
        {history.data ? <HistoryCharts history={history.data} /> : history.isError ? <ErrorState message="خطا در بارگذاری نمودارها" onRetry={() => void history.refetch()} /> : null}
      </section>
    </section>
  );
}
