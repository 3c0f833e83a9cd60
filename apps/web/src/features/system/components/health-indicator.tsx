import type { StatusResponse } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { DotSeparator } from '../../../components/dot-separator.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useHealth, useLatency } from '../api.ts';

/** The status body; a 503 carries it too (the server answers, its database does not). */
function statusOf(data: StatusResponse | undefined, error: unknown): StatusResponse | undefined {
  if (data) return data;
  if (!isApiError(error, 503)) return undefined;
  try {
    const body = JSON.parse(error.body) as Partial<StatusResponse>;
    return body.database ? (body as StatusResponse) : undefined;
  } catch {
    return undefined;
  }
}

/** Home's health line: status and database every 10 s, latency every 30 s. Client only. */
export function HealthIndicator() {
  const health = useHealth();
  const latency = useLatency();
  const status = statusOf(health.data, health.error);
  const state = status
    ? status.database.reachable && status.status !== 'degraded' ? 'ok' : 'degraded'
    : health.isError ? 'down' : 'unknown';
  const label = { ok: 'سامانه فعال است', degraded: 'سامانه با اختلال جزئی', down: 'ارتباط با سرور برقرار نیست', unknown: 'در حال بررسی وضعیت سامانه' }[state];
  // Only the state (and the database's, part of it) is a live region: the latency changes at every
  // reading and is not announced.
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
      <span aria-hidden="true" className={cn('size-2 rounded-full', state === 'ok' && 'bg-green-500', state === 'degraded' && 'bg-amber-500', state === 'down' && 'bg-red-500', state === 'unknown' && 'bg-border')} />
      <span role="status">
        {label}
        {status && <span><DotSeparator />{status.database.reachable ? 'پایگاه داده در دسترس است' : 'پایگاه داده در دسترس نیست'}</span>}
      </span>
      {latency.data !== undefined && state !== 'down' && <span><DotSeparator />تأخیر {formatNumberFa(latency.data)} میلی‌ثانیه</span>}
    </p>
  );
}
