import { useEffect, useRef, useState } from 'react';
import { Ban, CheckCircle2, CircleAlert, Clock, ListChecks, LoaderCircle, RotateCcw, Trash2, Undo2 } from 'lucide-react';
import { ITEM_OUTCOME_LABELS, jobLabel, reportItemName, type ItemOutcome, type OperationRecord, type ReportItem } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles, focusRing } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';
import { focusBack } from '../../lib/focus-history.ts';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import { OPERATIONS_POLL_MS, useCancelOperation, useClearOperations, useOperations } from '../lib/operations.ts';
import { useUndoOperation } from '../lib/plans.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { useShowPlan } from './plan-host.tsx';

const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');
const stripTime = (line: string) => line.replace(/^\d{4}-\d\d-\d\dT\S+ /, '');

/**
 * The lines a card shows, each once: its message, its errors (the last `lastErrors`), then its log
 * lines. A failed preview's message is also its error line, and a cancel is logged where it is said.
 */
export function cardLines(message: string | null, errors: string[], logs: string[], lastErrors = 5): { errors: string[]; logs: string[] } {
  const said = new Set<string>(message ? [message.trim()] : []);
  const distinct = (lines: string[]) => [...new Set(lines.map((line) => stripTime(line).trim()))].filter((line) => line && !said.has(line));
  const shownErrors = distinct(errors).slice(-lastErrors);
  // Only the errors shown count as said: an older one still shows in the log.
  for (const line of shownErrors) said.add(line);
  return { errors: shownErrors, logs: distinct(logs) };
}

/**
 * A progress bar only for what ran or runs: none for a plan waiting for confirmation (nothing has
 * run; the server stores 100 for it), a preview that ended without a run, or a run cancelled before it began.
 */
export function showsProgress(op: OperationRecord): boolean {
  if (op.status === 'awaiting' || op.results?.preview === true) return false;
  const neverRan = op.progress === 0 || op.startTime === null || (op.plan !== null && op.confirmedBy === null);
  return !(op.results?.cancelled === true && neverRan);
}

type Shown = 'idle' | 'running' | 'awaiting' | 'success' | 'partial' | 'cancelled' | 'error' | 'undone';

/** What a record is, as an editor reads it: a run with failed items is never a plain success. */
export function shownStatus(op: OperationRecord): Shown {
  // Undone: what it changed is back as it was, whatever the run's own outcome.
  if (op.undoneAt) return 'undone';
  if (op.status === 'error') {
    if (op.results?.cancelled === true) return 'cancelled';
    const failed = Number(op.results?.failed ?? 0);
    const total = Number(op.results?.total ?? op.results?.processed ?? 0);
    return failed > 0 && (total > failed || Number(op.results?.created ?? 0) + Number(op.results?.updated ?? 0) > 0) ? 'partial' : 'error';
  }
  return op.status;
}

const STATUS_TEXT: Record<Shown, string> = {
  idle: 'در صف',
  running: 'در حال اجرا',
  awaiting: 'در انتظار تأیید',
  success: 'موفق',
  partial: 'با خطا در بخشی از موارد',
  cancelled: 'لغو شد',
  error: 'ناموفق',
  undone: 'بازگردانده‌شده',
};
const STATUS_TONE: Record<Shown, string> = {
  idle: 'bg-surface text-muted',
  running: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  awaiting: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  partial: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  cancelled: 'bg-surface text-fg',
  error: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  undone: 'bg-surface text-fg',
};
const STATUS_ICON = { idle: Clock, running: LoaderCircle, awaiting: CircleAlert, success: CheckCircle2, partial: CircleAlert, cancelled: Ban, error: CircleAlert, undone: RotateCcw } as const;

const SUMMARY_FIELDS: Array<[string, string]> = [
  ['total', 'کل'], ['processed', 'پردازش‌شده'], ['created', 'ساخته‌شده'], ['updated', 'تغییرکرده'], ['unpublished', 'از انتشار خارج‌شده'],
  ['notChecked', 'بررسی‌نشده'], ['successful', 'موفق'], ['newPosts', 'پست جدید'], ['published', 'منتشرشده'], ['ignored', 'نادیده'],
  ['skipped', 'ردشده'], ['failed', 'ناموفق'],
];

function ResultSummary({ results }: { results: Record<string, unknown> }) {
  const shown = SUMMARY_FIELDS.filter(([key]) => typeof results[key] === 'number');
  if (!shown.length) return null;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="نتیجه">
      {shown.map(([key, label]) => (
        <div key={key} className="flex gap-1">
          <dt className="text-muted">{label}:</dt>
          <dd className={cn('font-bold', key === 'failed' && Number(results[key]) > 0 && 'text-red-700 dark:text-red-300')}>{formatNumberFa(results[key] as number)}</dd>
        </div>
      ))}
    </dl>
  );
}

const REPORT_TEXT: Record<ReportItem['status'], string> = { success: 'انجام شد', skipped: 'ردشده', error: 'خطا' };
// Green only where the stated change happened; what was left alone or not checked says so plainly.
const OUTCOME_TONE: Record<ItemOutcome, string> = {
  unpublished: 'text-green-700 dark:text-green-400',
  fixed: 'text-green-700 dark:text-green-400',
  unchanged: 'text-muted',
  not_checked: 'text-amber-800 dark:text-amber-300',
  error: 'text-red-700 dark:text-red-300',
};
const STATUS_TONE_TEXT: Record<ReportItem['status'], string> = { success: 'text-green-700 dark:text-green-400', skipped: 'text-muted', error: 'text-red-700 dark:text-red-300' };

/** detailedReport.processed: its first lines (spec 03 §3 'Detailed report item'). */
export function ReportList({ items, limit = 10 }: { items: ReportItem[]; limit?: number }) {
  if (!items.length) return null;
  return (
    <div>
      <ul className="space-y-1 text-xs">
        {items.slice(0, limit).map((item, i) => (
          <li key={i} className="flex flex-wrap gap-x-2">
            <span data-outcome={item.outcome ?? item.status} className={cn('font-bold', item.outcome ? OUTCOME_TONE[item.outcome] : STATUS_TONE_TEXT[item.status])}>
              {item.outcome ? ITEM_OUTCOME_LABELS[item.outcome] : REPORT_TEXT[item.status]}
            </span>
            {item.articleId !== null && <span>مقالهٔ {toPersianDigits(item.articleId)}</span>}
            {item.filename && <bdi dir="ltr" className="break-all text-muted">{reportItemName(item)}</bdi>}
            <span className="break-words">{item.reason}</span>
          </li>
        ))}
      </ul>
      {items.length > limit && <p className="mt-1 text-xs text-muted">و {formatNumberFa(items.length - limit)} مورد دیگر</p>}
    </div>
  );
}

/** The undo button: `onUndo` runs the undo; its card owns the request, so the answer is heard after the button goes. */
function UndoButton({ op, pending, onUndo }: { op: OperationRecord; pending: boolean; onUndo: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={small} disabled={pending} onClick={() => setAsking(true)}>
        <Undo2 aria-hidden="true" className="size-3.5" />
        بازگردانی
        {' '}<span className="sr-only">{jobLabel(op.name)}</span>
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`بازگردانی «${jobLabel(op.name)}»`}
        description={`${formatNumberFa(op.undoable)} مقاله‌ای که این عملیات تغییر داد به حالت پیش از آن برمی‌گردد. مقاله‌ای که پس از آن دوباره ویرایش شده دست نمی‌خورد.`}
        confirmLabel={`بازگردانی ${formatNumberFa(op.undoable)} مقاله`}
        onConfirm={onUndo}
      />
    </>
  );
}

/**
 * After an undo (put back or refused), focus goes to the card's heading and status, not to <main>:
 * the undo button has gone (or was disabled) under the keyboard user. Once put back, it waits until the
 * card says «بازگردانده‌شده», so that is what is read. Focus moved elsewhere meanwhile stays there.
 */
function useFocusAfterUndo(op: OperationRecord) {
  const heading = useRef<HTMLDivElement>(null);
  const [settled, setSettled] = useState<{ undone: boolean } | null>(null);
  useEffect(() => {
    if (!settled) return undefined;
    // The list is read again after the undo; should it not say so soon, the card takes focus as it is.
    if (settled.undone && !op.undoneAt) {
      const timer = setTimeout(() => setSettled({ undone: false }), 3_000);
      return () => clearTimeout(timer);
    }
    setSettled(null);
    const target = heading.current;
    const active = document.activeElement;
    const lost = !active || active === document.body || active.id === 'main' || Boolean(target?.closest('li')?.contains(active));
    if (lost) focusBack(target);
    return undefined;
  }, [settled, op.undoneAt]);
  return { heading, settle: (undone: boolean) => setSettled({ undone }) };
}

function OperationItem({ op }: { op: OperationRecord }) {
  const cancel = useCancelOperation();
  const undo = useUndoOperation();
  const afterUndo = useFocusAfterUndo(op);
  const showPlan = useShowPlan();
  const shown = shownStatus(op);
  const Icon = STATUS_ICON[shown];
  const live = op.status === 'running' || op.status === 'idle';
  const report = ((op.results?.detailedReport as { processed?: ReportItem[] } | undefined)?.processed) ?? [];
  const message = typeof op.results?.message === 'string' && shown !== 'success' ? op.results.message : null;
  const lines = cardLines(message, op.errors, op.logs);
  // Spec 03 §4: a run that failed ends at 0%; a full bar read as done. A partial run keeps what it did.
  const progress = shown === 'error' ? 0 : op.progress;
  const runUndo = () => undo.mutate(op.id, {
    onSuccess: (result) => afterUndo.settle(result.success),
    onError: () => afterUndo.settle(false),
  });
  return (
    <li data-operation-id={op.id} data-status={shown} className="rounded-xl border border-border bg-card p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Focus lands here after an undo: the operation's name and where it now stands. */}
        <div ref={afterUndo.heading} tabIndex={-1} data-operation-heading className={cn('flex min-w-0 items-center gap-2 rounded', focusRing)}>
          <h4 className="font-bold">{jobLabel(op.name)}</h4>
          <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[shown])}>
            <Icon aria-hidden="true" className={cn('size-3.5', shown === 'running' && 'animate-spin')} />
            {op.cancelRequested && live ? 'در حال لغو' : STATUS_TEXT[shown]}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          <span>عملیات {toPersianDigits(op.id)}</span>
          {/* Who started it: an editor by name, or the monitor's own schedule. */}
          <span data-requested-by>{op.requestedBy ? <>آغاز توسط <bdi>{op.requestedBy}</bdi></> : 'آغاز خودکار'}</span>
          {op.confirmedBy && <span>تأیید توسط <bdi>{op.confirmedBy}</bdi></span>}
          <time dateTime={op.createdAt}>{formatJalaliDateTime(op.createdAt)}</time>
          {op.status === 'awaiting' && op.plan && (
            <button type="button" className={cn(small, 'border-amber-400')} onClick={() => showPlan({ operationId: op.id, name: op.name, plan: op.plan! })}>
              <ListChecks aria-hidden="true" className="size-3.5" />
              بررسی و تأیید
              {' '}<span className="sr-only">{jobLabel(op.name)}</span>
            </button>
          )}
          {op.undoable > 0 && !op.undoneAt && <UndoButton op={op} pending={undo.isPending} onUndo={runUndo} />}
          {op.undoneAt && <span>بازگردانده شد{op.undoneBy ? <> توسط <bdi>{op.undoneBy}</bdi></> : null}</span>}
          {live && (
            <button type="button" className={small} disabled={op.cancelRequested || cancel.isPending} onClick={() => cancel.mutate(op.id)}>
              <Ban aria-hidden="true" className="size-3.5" />
              لغو
              {' '}<span className="sr-only">{jobLabel(op.name)}</span>
            </button>
          )}
        </div>
      </div>
      {showsProgress(op) && (
        <div className="mt-2 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`پیشرفت ${jobLabel(op.name)}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface"
          >
            <div
              className={cn('h-full rounded-full transition-[width] duration-500', shown === 'success' ? 'bg-green-600' : shown === 'error' || shown === 'partial' ? 'bg-amber-500' : shown === 'cancelled' ? 'bg-muted' : 'bg-blue-600')}
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="w-10 text-end text-xs tabular-nums">{formatNumberFa(progress)}٪</span>
        </div>
      )}
      {message && <p className="mt-2 text-sm">{message}</p>}
      {op.results && <div className="mt-2"><ResultSummary results={op.results} /></div>}
      {lines.errors.length > 0 && (
        <ul aria-label="خطاها" className="mt-2 space-y-0.5 text-xs text-red-700 dark:text-red-300">
          {lines.errors.map((line) => <li key={line} className="break-words">{line}</li>)}
        </ul>
      )}
      {(lines.logs.length > 0 || report.length > 0) && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs text-muted">گزارش ({formatNumberFa(lines.logs.length)} خط، {formatNumberFa(report.length)} مورد)</summary>
          <div className="mt-2 space-y-2">
            <ReportList items={report} />
            {lines.logs.length > 0 && (
              <ol className="max-h-48 space-y-0.5 overflow-auto rounded-lg bg-surface p-2 text-xs" aria-label="گزارش اجرا">
                {lines.logs.map((line) => <li key={line} className="break-words">{line}</li>)}
              </ol>
            )}
          </div>
        </details>
      )}
    </li>
  );
}

/** Spec 03 §2.3 'Operations monitor': every operation the server runs for the admins, read every 2 s. */
export function OperationsMonitor({ filter, title = 'پایش عملیات' }: { filter?: (op: OperationRecord) => boolean; title?: string }) {
  const list = useOperations();
  const clear = useClearOperations();
  const all = list.data?.operations ?? [];
  const ops = filter ? all.filter(filter) : all;
  const finished = ops.filter((op) => op.status === 'success' || op.status === 'error').length;
  return (
    <section aria-labelledby="operations-heading" className="rounded-2xl border border-border bg-card/50 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="operations-heading" className="text-lg font-bold">{title}</h3>
          <p className="text-xs text-muted">هر {formatNumberFa(OPERATIONS_POLL_MS / 1000)} ثانیه از سرور خوانده می‌شود و در همه زبانه‌های باز دیده می‌شود.</p>
        </div>
        <button type="button" className={small} disabled={!finished || clear.isPending} onClick={() => clear.mutate()}>
          <Trash2 aria-hidden="true" className="size-3.5" />
          پاک کردن پایان‌یافته‌ها
        </button>
      </div>
      {list.isPending ? <LoadingState label="در حال خواندن عملیات…" />
        : list.isError ? <ErrorState message="خطا در ارتباط با سرور" onRetry={() => void list.refetch()} />
          : !ops.length ? <EmptyState>هنوز عملیاتی اجرا نشده است.</EmptyState>
            : <ul aria-label="عملیات‌ها" className="max-h-[32rem] space-y-2 overflow-y-auto">{ops.map((op) => <OperationItem key={op.id} op={op} />)}</ul>}
    </section>
  );
}
