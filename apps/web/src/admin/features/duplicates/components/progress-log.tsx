import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';

export interface LogLine { time: Date; text: string }

/** A progress bar with the steps taken so far, newest last. */
export function ProgressLog({ label, progress, lines }: { label: string; progress: number; lines: LogLine[] }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4" data-testid="progress-log">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span aria-hidden="true">{formatNumberFa(progress)}٪</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="mt-2 h-2 overflow-hidden rounded-full bg-surface">
        <div className="h-full rounded-full bg-accent transition-[width] duration-300 dark:bg-red-600" style={{ width: `${progress}%` }} />
      </div>
      <ol aria-label="گزارش مراحل" className="mt-3 max-h-48 space-y-1 overflow-y-auto text-xs">
        {lines.map((line, i) => (
          <li key={i} className="flex gap-2"><time className="shrink-0 text-muted" dateTime={line.time.toISOString()}>{formatJalaliDateTime(line.time, { second: '2-digit' })}</time><span className="min-w-0 break-words">{line.text}</span></li>
        ))}
      </ol>
    </div>
  );
}
