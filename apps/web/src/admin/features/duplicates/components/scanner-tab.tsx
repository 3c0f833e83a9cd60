import { useId, useState } from 'react';
import { ExternalLink, ScanSearch, Trash2 } from 'lucide-react';
import type { OperationRecord, ScanDuplicate } from '@chapar/shared/contracts';
import { formatJalaliDate, formatJalaliDateTime, formatNumberFa, isolateLatinRuns, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useRestorableSpan } from '../../../../features/auth/api.ts';
import { failureReason, RECOMMENDATION_LABELS, scanBand, useDeleteDuplicate, useLastScan, useRunScan } from '../api.ts';
import { ProgressLog, type LogLine } from './progress-log.tsx';

const pct = (x: number) => `${formatNumberFa(Math.round(x * 100))}٪`;
const weight = (x: number) => formatNumberFa(x, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MATCH_LABELS: Record<ScanDuplicate['matchType'], string> = { title: 'عنوان', content: 'متن', media: 'تصویر', video: 'ویدیو', combined: 'ترکیبی' };
const PART_LABELS = { content: 'متن', title: 'عنوان', figures: 'اعداد', media: 'تصویر و ویدیو' } as const;

/**
 * The overall similarity written out: Σ weight × part over the parts the pair has (older scans: the
 * parts alone). Each term is kept whole on a line; a narrow screen breaks only between terms.
 */
function OverallFormula({ pair }: { pair: ScanDuplicate }) {
  const a = pair.detailedAnalysis;
  const values = { content: a.contentSimilarity, title: a.titleSimilarity, figures: a.figureSimilarity ?? 0, media: a.mediaSimilarity };
  // The separator before a term may break; the term itself never does.
  const term = (key: string, text: string, separator: string) => <span key={key}>{separator}<span className="whitespace-nowrap" data-term>{text}</span></span>;
  if (!a.weights) {
    const parts = [['title', `عنوان ${pct(a.titleSimilarity)}`], ['content', `متن ${pct(a.contentSimilarity)}`], ['media', `رسانه ${pct(a.mediaSimilarity)}`]];
    return <p data-testid="overall-formula">{parts.map(([key, text], i) => term(key, text, i ? ' · ' : ''))}</p>;
  }
  const weights = a.weights;
  const terms = (Object.keys(PART_LABELS) as Array<keyof typeof PART_LABELS>).filter((p) => weights[p] > 0);
  return (
    <p data-testid="overall-formula">
      <span className="whitespace-nowrap" data-term>شباهت کل {pct(pair.similarityScore)}</span>
      {' = '}
      {terms.map((p, i) => term(p, `${weight(weights[p])} × ${PART_LABELS[p]} ${pct(values[p])}`, i ? ' + ' : ''))}
    </p>
  );
}

/**
 * The one score a pair is judged by. The server decides by its rules and a decision score, read as
 * the calibrated chance that both are one story (duplicateProbability: above 50٪ exactly for a
 * duplicate, 90٪ and more to suggest deleting); the overall similarity only describes the parts.
 * Scans made before the chance was kept show the overall similarity.
 */
const headline = (pair: ScanDuplicate) => (pair.duplicateProbability !== undefined
  ? { label: 'احتمال تکرار', value: pair.duplicateProbability }
  : { label: 'شباهت کل', value: pair.similarityScore });

/**
 * What each side is called: the older is the original, except where the newer is the fuller
 * story and the older a short repeat of part of it (the server keeps the fuller one then).
 */
function sideLabels(pair: ScanDuplicate, undecided: boolean): { original: string; duplicate: string } {
  if (undecided) return { original: 'قدیمی‌تر', duplicate: 'جدیدتر' };
  return Date.parse(pair.originalArticle.publishedAt) <= Date.parse(pair.duplicateArticle.publishedAt)
    ? { original: 'اصلی (قدیمی‌تر)', duplicate: 'تکراری (جدیدتر)' }
    : { original: 'اصلی (کامل‌تر)', duplicate: 'تکراری (تکرار بخشی از آن)' };
}

function ArticleSide({ role, label, article, onDelete }: { role: 'original' | 'duplicate' | 'either'; label: string; article: ScanDuplicate['originalArticle']; onDelete: () => void }) {
  return (
    <div className={cn('min-w-0 rounded-xl border p-3', role === 'duplicate' ? 'border-dashed border-red-400 dark:border-red-700' : 'border-border')}>
      <p className="text-xs font-bold text-muted">{label}</p>
      <h4 className="mt-1 break-words font-bold">{isolateLatinRuns(article.title)}</h4>
      {article.excerpt && <p className="mt-1 line-clamp-2 text-sm text-muted">{article.excerpt}</p>}
      <p className="mt-1 text-xs text-muted">
        #{toPersianDigits(article.id)} · {formatJalaliDate(article.publishedAt)} · {formatNumberFa(article.views)} بازدید
        {article.source && <> · <bdi dir="ltr">@{article.source}</bdi></>}{article.telegramId ? ` · پست ${formatNumberFa(article.telegramId, { useGrouping: false })}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={`/article/${article.id}`} target="_blank" rel="noopener" className={cn(buttonStyles.secondary, 'gap-1')}>
          مشاهده<ExternalLink aria-hidden="true" className="size-3" /><span className="sr-only"> مقالهٔ {toPersianDigits(article.id)}</span>
        </a>
        <button type="button" onClick={onDelete} className={cn(buttonStyles.secondary, 'gap-1 text-red-700 dark:text-red-300')}>
          <Trash2 aria-hidden="true" className="size-4" />حذف<span className="sr-only"> مقالهٔ {toPersianDigits(article.id)}</span>
        </button>
      </div>
    </div>
  );
}

/** `undecided`: a near pair nothing decided, shown without calling either side the duplicate. */
function PairCard({ pair, undecided = false, onDelete }: { pair: ScanDuplicate; undecided?: boolean; onDelete: (id: number, keep: number) => void }) {
  const a = pair.detailedAnalysis;
  const score = headline(pair);
  const labels = sideLabels(pair, undecided);
  return (
    <li className={cn('rounded-2xl border-2 p-3', undecided ? 'border-border bg-card' : scanBand(score.value))} data-testid={undecided ? 'undecided-pair' : 'scan-pair'} data-duplicate-id={pair.duplicateArticle.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded-full bg-card px-2 py-0.5 font-bold text-fg" data-testid="pair-score">{score.label} {pct(score.value)}</span>
        <span className="text-xs">نوع: {MATCH_LABELS[pair.matchType]}</span>
      </div>
      <div className="mt-2 grid gap-2 bg-card/0 md:grid-cols-2">
        <ArticleSide role={undecided ? 'either' : 'original'} label={labels.original} article={pair.originalArticle} onDelete={() => onDelete(pair.originalArticle.id, pair.duplicateArticle.id)} />
        <ArticleSide role={undecided ? 'either' : 'duplicate'} label={labels.duplicate} article={pair.duplicateArticle} onDelete={() => onDelete(pair.duplicateArticle.id, pair.originalArticle.id)} />
      </div>
      {a.keywordMatches.length > 0 && (
        <ul aria-label="کلیدواژه‌های مشترک" className="mt-2 flex flex-wrap gap-1">
          {a.keywordMatches.map((k) => <li key={k} className="rounded-full bg-card px-2 py-0.5 text-xs text-fg">{k}</li>)}
        </ul>
      )}
      {/* The overall's own line is in the breakdown below, drawn from the weights. */}
      {a.reasons.length > 0 && <ul className="mt-2 list-inside list-disc text-xs">{a.reasons.filter((r) => !(a.weights && r.startsWith('شباهت کل'))).map((r) => <li key={r}>{r}</li>)}</ul>}
      <details className="mt-2 text-xs" data-testid="score-breakdown">
        <summary className="cursor-pointer font-medium">جزئیات شباهت</summary>
        <div className="mt-1 space-y-1 rounded-lg bg-card/60 p-2 text-fg">
          <OverallFormula pair={pair} />
          {pair.duplicateProbability !== undefined && <p className="text-muted">شباهت کل میانگین وزنی بخش‌هاست و فقط نشان می‌دهد کدام بخش‌ها شبیه‌اند؛ تکراری بودن را قاعدهٔ تصمیم و احتمال تکرار تعیین می‌کنند.</p>}
        </div>
      </details>
      <p className="mt-2 text-sm"><span className="font-bold">پیشنهاد: </span>{RECOMMENDATION_LABELS[pair.recommendation] ?? 'بررسی دستی'} — {pair.reasoning}</p>
    </li>
  );
}

/** Spec 03 §2.3 scanner tab: a full scan with progress, then the pairs side by side. */
export function ScannerTab() {
  const id = useId();
  const last = useLastScan();
  const [progress, setProgress] = useState(0);
  const [log, setLog] = useState<LogLine[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; keep: number } | null>(null);
  const follow = (op: OperationRecord) => {
    setProgress(op.progress);
    setLog(op.logs.map((line) => ({ time: new Date(line.split(' ')[0]) , text: line.replace(/^\S+ /, '') })).map((l) => (Number.isNaN(l.time.getTime()) ? { ...l, time: new Date() } : l)));
  };
  const scan = useRunScan(follow);
  const remove = useDeleteDuplicate();
  const span = useRestorableSpan();
  const start = (quiet = false) => {
    setProgress(10);
    setFailure(null);
    setLog([{ time: new Date(), text: 'درخواست اسکن کامل فرستاده شد' }]);
    scan.mutate({ quiet }, {
      onSuccess: (r) => { setProgress(100); setLog((l) => [...l, { time: new Date(), text: r.message }]); },
      onError: (error) => setFailure(`اسکن ناموفق بود: ${failureReason(error)}`),
    });
  };
  const result = scan.data ?? last.data;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="rounded-2xl border border-border bg-card p-4">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold"><ScanSearch aria-hidden="true" className="size-5" />اسکن کامل تکراری‌ها</h2>
        <p className="mt-1 text-sm text-muted">همهٔ مقاله‌ها با عنوان، متن، کلیدواژه‌ها، اعداد، تصویر و ویدیو با هم سنجیده می‌شوند؛ قدیمی‌ترِ هر جفت اصلی است، و از خبری و متن کوتاهی که بخشی از آن را تکرار می‌کند، خبر کامل‌تر.</p>
        <button type="button" onClick={() => start()} disabled={scan.isPending} className={cn(adminButton.primary, 'mt-3')}>{scan.isPending ? 'در حال اسکن…' : 'شروع اسکن کامل'}</button>
      </div>
      {(scan.isPending || log.length > 0) && <ProgressLog label="پیشرفت اسکن" progress={progress} lines={log} failure={failure} />}
      {last.isPending && !scan.data ? <LoadingState /> : last.isError && !scan.data ? <ErrorState message="خطا در ارتباط با سرور" onRetry={() => void last.refetch()} /> : result && result.status !== 'none' ? (
        <div className="space-y-3" data-testid="scan-result">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <div className="rounded-lg border border-border bg-card p-2"><dt className="text-xs text-muted">مقاله‌های بررسی‌شده</dt><dd className="font-bold">{formatNumberFa(result.totalArticles)}</dd></div>
            <div className="rounded-lg border border-border bg-card p-2"><dt className="text-xs text-muted">جفت‌های تکراری</dt><dd className="font-bold" data-testid="scan-count">{formatNumberFa(result.duplicates.length)}</dd></div>
            <div className="rounded-lg border border-border bg-card p-2"><dt className="text-xs text-muted">زمان اسکن</dt><dd className="font-bold">{formatNumberFa(result.processingTime)} میلی‌ثانیه</dd></div>
            <div className="rounded-lg border border-border bg-card p-2"><dt className="text-xs text-muted">آخرین اسکن</dt><dd className="text-sm font-bold">{result.scannedAt ? formatJalaliDateTime(result.scannedAt) : '—'}</dd></div>
          </dl>
          {result.duplicates.length === 0
            ? <p className="rounded-2xl border border-border bg-card p-4 text-center text-muted">هیچ مقالهٔ تکراری پیدا نشد.</p>
            : <ul aria-label="جفت‌های تکراری" className="space-y-3">{result.duplicates.map((pair) => <PairCard key={`${pair.originalArticle.id}-${pair.duplicateArticle.id}`} pair={pair} onDelete={(del, keep) => setConfirm({ id: del, keep })} />)}</ul>}
          {result.undecided && result.undecided.length > 0 && (
            <section aria-labelledby={`${id}-undecided`} className="space-y-3 pt-2">
              <div>
                <h3 id={`${id}-undecided`} className="font-bold">جفت‌های نزدیک برای بررسی ({formatNumberFa(result.undecided.length)})</h3>
                <p className="mt-1 text-sm text-muted">این مقاله‌ها به هم نزدیک‌اند اما نشانه‌ها برای حکم «تکراری» کافی نبود و داوری هم آن‌ها را یک‌سره نکرد. هیچ‌کدام خودبه‌خود حذف نمی‌شود؛ اگر یک خبرند، یکی را حذف کنید.</p>
              </div>
              <ul aria-labelledby={`${id}-undecided`} className="space-y-3">{result.undecided.map((pair) => <PairCard key={`${pair.originalArticle.id}-${pair.duplicateArticle.id}`} pair={pair} undecided onDelete={(del, keep) => setConfirm({ id: del, keep })} />)}</ul>
            </section>
          )}
        </div>
      ) : <p className="rounded-2xl border border-border bg-card p-4 text-center text-muted">هنوز اسکنی انجام نشده است؛ برای یافتن مقاله‌های تکراری اسکن را آغاز کنید.</p>}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => { if (!open) setConfirm(null); }}
        title="حذف مقالهٔ تکراری"
        description={confirm ? `مقالهٔ ${toPersianDigits(confirm.id)} حذف و نشانی آن به مقالهٔ ${toPersianDigits(confirm.keep)} هدایت می‌شود؛ نظرها و بازدیدها، و تصویر یا ویدیویی که مقالهٔ ${toPersianDigits(confirm.keep)} ندارد، به آن منتقل می‌شوند. مقالهٔ حذف‌شده تا ${span} در «مقاله‌های حذف‌شده» می‌ماند و از همان‌جا بازگرداندنی است؛ نظرها و بازدیدهایش هم با آن برمی‌گردند. ادامه می‌دهید؟` : ''}
        confirmLabel="حذف"
        destructive
        onConfirm={() => {
          if (!confirm) return;
          remove.mutate({ id: confirm.id, originalId: confirm.keep }, { onSuccess: () => start(true) });
          setConfirm(null);
        }}
      />
    </section>
  );
}
