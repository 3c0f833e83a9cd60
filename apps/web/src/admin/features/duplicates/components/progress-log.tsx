import { CircleX } from 'lucide-react';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';

export interface LogLine { time: Date; text: string }

/**
 * A progress bar with the steps taken so far, newest last. A run that failed has ended: the bar
 * gives way to the reason (a bar left at ۰٪ read as a run still waiting to start).
 */
export function ProgressLog({ label, progress, lines, failure }: { label: string; progress: number; lines: LogLine[]; failure?: string | null }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4" data-testid="progress-log" data-failed={failure ? 'true' : undefined}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{label}</span>
        {failure ? <span className="font-bold text-red-700 dark:text-red-300">ناموفق</span> : <span aria-hidden="true">{formatNumberFa(progress)}٪</span>}
      </div>
      {failure ? (
        <p role="alert" className="mt-2 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{failure}</span>
        </p>
      ) : (
        <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="mt-2 h-2 overflow-hidden rounded-full bg-surface">
          <div className="h-full rounded-full bg-accent transition-[width] duration-300 dark:bg-red-600" style={{ width: `${progress}%` }} />
        </div>
      )}
      <ol aria-label="گزارش مراحل" className="mt-3 max-h-48 space-y-1 overflow-y-auto text-xs">
        {lines.map((line, i) => (
          <li key={i} className="flex gap-2"><time className="shrink-0 text-muted" dateTime={line.time.toISOString()}>{formatJalaliDateTime(line.time, { second: '2-digit' })}</time><span className="min-w-0 break-words">{line.text}</span></li>
        ))}
      </ol>
    </div>
  );
}
