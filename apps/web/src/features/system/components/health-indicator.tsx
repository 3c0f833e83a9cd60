import { formatNumberFa } from '@chapar/shared/text';
import { DotSeparator } from '../../../components/dot-separator.tsx';
import { cn } from '../../../lib/cn.ts';
import { useHealth, useLatency } from '../api.ts';

/** Home's health line: status every 10 s, latency every 30 s. Client only. */
export function HealthIndicator() {
  const health = useHealth();
  const latency = useLatency();
  const state = health.isError || health.data?.database.reachable === false
    ? 'down'
    : health.data?.status === 'degraded' ? 'degraded' : health.data ? 'ok' : 'unknown';
  const label = { ok: 'سامانه فعال است', degraded: 'سامانه با اختلال جزئی', down: 'ارتباط با سرور برقرار نیست', unknown: 'در حال بررسی وضعیت سامانه' }[state];
  return (
    <p role="status" className="flex items-center gap-2 text-xs text-muted">
      <span aria-hidden="true" className={cn('size-2 rounded-full', state === 'ok' && 'bg-green-500', state === 'degraded' && 'bg-amber-500', state === 'down' && 'bg-red-500', state === 'unknown' && 'bg-border')} />
      {label}
      {latency.data !== undefined && state !== 'down' && <span><DotSeparator />تأخیر {formatNumberFa(latency.data)} میلی‌ثانیه</span>}
    </p>
  );
}
