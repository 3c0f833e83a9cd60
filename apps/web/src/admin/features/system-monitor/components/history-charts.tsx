import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type DefaultLegendContentProps } from 'recharts';
import type { SystemHistory } from '@chapar/shared/contracts';
import { formatNumberFa, toPersianDigits } from '@chapar/shared/text';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

const MINUTE = 60_000;
const STEPS = [1, 2, 5, 10, 15, 30, 60];

/** Ticks on whole minutes, at most `count`: a clock label shows minutes, so finer ticks read the same time twice. */
function minuteTicks(from: number, to: number, count = 6): number[] {
  const step = (STEPS.find((m) => (to - from) / (m * MINUTE) < count) ?? 60) * MINUTE;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks.length ? ticks : [from];
}

const clock = (iso: string | number) => toPersianDigits(new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tehran' }));

function ChartFrame({ title, summary, children }: { title: string; summary: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-xl border border-border bg-card p-3">
      <figcaption className="mb-2 text-sm font-bold">{title}</figcaption>
      <p className="sr-only">{summary}</p>
      <div dir="ltr" className="h-56 w-full text-xs" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">{children}</ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * recharts' own legend, drawn the same, but its line icons are decorative: recharts labels each one
 * '<name> legend icon', and screen readers read that English after the Persian name.
 */
function PersianLegend({ payload }: DefaultLegendContentProps) {
  if (!payload?.length) return null;
  return (
    <ul className="recharts-default-legend m-0 p-0 text-center">
      {payload.map((entry) => (
        <li key={String(entry.dataKey ?? entry.value)} className="recharts-legend-item me-2.5 inline-block whitespace-nowrap">
          <svg aria-hidden="true" width={14} height={14} viewBox="0 0 32 32" className="me-1 inline-block align-middle">
            <path d="M0,16h10.67A5.33,5.33,0,1,1,21.33,16H32M21.33,16A5.33,5.33,0,1,1,10.67,16" fill="none" stroke={entry.color} strokeWidth={4} />
          </svg>
          {/* The name in the text colour: the line beside it says which series it is, and a coloured
              name was too faint to read on one theme or the other. */}
          <span>{entry.value}</span>
        </li>
      ))}
    </ul>
  );
}

// The right margin holds half the last time label, so it sits under its own tick and is not pushed
// against the chart's edge, where the browser's text width (a pixel more than measured) got clipped.
const MARGIN = { top: 5, right: 24, bottom: 0, left: -15 };
const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 11 }, tickLine: false } as const;
const tooltipStyle = { contentStyle: { background: 'var(--color-card, #fff)', borderColor: 'var(--color-border, #ddd)', direction: 'rtl' as const }, labelFormatter: (v: unknown) => clock(String(v)) };

/** Queue counts and service response times over the last hour (kept by the server). */
export function HistoryCharts({ history }: { history: SystemHistory }) {
  const queue = history.queue.map((s) => ({ at: Date.parse(s.at), pending: s.pending, processing: s.processing, failed: s.failed }));
  const ids = Object.keys(history.services);
  const times = history.responseTimes.map((s) => ({ at: Date.parse(s.at), ...s.times }));
  const lastQueue = history.queue.at(-1);
  const empty = <p className="py-10 text-center text-sm text-muted">هنوز نمونه‌ای در این ساعت ثبت نشده است.</p>;
  return (
    <div className="grid gap-3 lg:grid-cols-2" data-history-charts>
      {queue.length === 0 ? <figure className="rounded-xl border border-border bg-card p-3"><figcaption className="text-sm font-bold">صف پردازش در یک ساعت گذشته</figcaption>{empty}</figure> : (
        <ChartFrame
          title="صف پردازش در یک ساعت گذشته"
          summary={`${formatNumberFa(queue.length)} نمونه؛ آخرین: ${formatNumberFa(lastQueue?.pending ?? 0)} در انتظار، ${formatNumberFa(lastQueue?.processing ?? 0)} در حال پردازش، ${formatNumberFa(lastQueue?.failed ?? 0)} ناموفق`}
        >
          <LineChart accessibilityLayer={false} data={queue} margin={MARGIN}>
            <CartesianGrid strokeOpacity={0.2} />
            <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} ticks={minuteTicks(queue[0]!.at, queue.at(-1)!.at)} tickFormatter={clock} {...axis} />
            <YAxis allowDecimals={false} tickFormatter={(v: number) => formatNumberFa(v)} {...axis} />
            <Tooltip {...tooltipStyle} formatter={(v) => formatNumberFa(Number(v))} />
            <Legend content={PersianLegend} />
            <Line type="monotone" dataKey="pending" name="در انتظار" stroke={COLORS[0]} dot={false} isAnimationActive={false} />
            {/* The same colours as the stat cards above: blue waiting, amber processing, red failed (green is «انجام‌شده»). */}
            <Line type="monotone" dataKey="processing" name="در حال پردازش" stroke={COLORS[3]} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="failed" name="ناموفق" stroke={COLORS[1]} dot={false} isAnimationActive={false} />
          </LineChart>
        </ChartFrame>
      )}
      {times.length === 0 ? <figure className="rounded-xl border border-border bg-card p-3"><figcaption className="text-sm font-bold">زمان پاسخ سرویس‌ها در یک ساعت گذشته</figcaption>{empty}</figure> : (
        <ChartFrame title="زمان پاسخ سرویس‌ها در یک ساعت گذشته (میلی‌ثانیه)" summary={`${formatNumberFa(times.length)} نمونه از ${formatNumberFa(ids.length)} سرویس`}>
          <LineChart accessibilityLayer={false} data={times} margin={MARGIN}>
            <CartesianGrid strokeOpacity={0.2} />
            <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} ticks={minuteTicks(times[0]!.at, times.at(-1)!.at)} tickFormatter={clock} {...axis} />
            <YAxis tickFormatter={(v: number) => formatNumberFa(v)} {...axis} />
            <Tooltip {...tooltipStyle} formatter={(v) => `${formatNumberFa(Number(v))} میلی‌ثانیه`} />
            <Legend content={PersianLegend} />
            {ids.map((id, i) => (
              <Line key={id} type="monotone" dataKey={id} name={history.services[id]} stroke={COLORS[i % COLORS.length]} dot={times.length < 3} connectNulls isAnimationActive={false} />
            ))}
          </LineChart>
        </ChartFrame>
      )}
    </div>
  );
}
