import { useId, useRef, useState, type FormEvent } from 'react';
import { ExternalLink, SearchCheck } from 'lucide-react';
import { DUPLICATE_CHECK_MIN_CHARS, DUPLICATE_CHECK_MIN_WORDS, duplicateTextSize } from '@chapar/shared/contracts';
import { categoryFaName, formatJalaliDate, formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { cn } from '../../../../lib/cn.ts';
import { adminButton } from '../../../components/styles.ts';
import { checkInputError, confidenceBand, duplicateChance, failureReason, METHOD_LABELS, useCheckDuplicate, type CheckMethod } from '../api.ts';
import { ProgressLog, type LogLine } from './progress-log.tsx';

const STEPS = [
  { at: 20, text: 'آماده‌سازی و یکسان‌سازی متن' },
  { at: 40, text: 'جست‌وجو در نمایهٔ مقالات' },
  { at: 70, text: 'مقایسهٔ عنوان، متن، کلیدواژه‌ها و رسانه' },
] as const;

/** Spec 03 §2.3 duplicate tab: method, input, progress (20, 40, 70, 100) with a log, and the result. */
export function DuplicateTab() {
  const id = useId();
  const [method, setMethod] = useState<CheckMethod>('post');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [log, setLog] = useState<LogLine[]>([]);
  // Why the last run failed, in the server's words: kept on the page, the toast lasts five seconds.
  const [runError, setRunError] = useState<string | null>(null);
  const check = useCheckDuplicate();
  const result = check.data;
  // The panel, log and result belong to one run; a later run (or a method switch) drops them.
  const run = useRef(0);
  const note = (text: string) => setLog((lines) => [...lines, { time: new Date(), text }]);
  const clearRun = () => { run.current += 1; check.reset(); setLog([]); setProgress(0); setRunError(null); };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearRun();
    const mine = run.current;
    const problem = checkInputError(method, value);
    setError(problem);
    if (problem) return;
    setProgress(STEPS[0].at); note(STEPS[0].text);
    setProgress(STEPS[1].at); note(STEPS[1].text);
    try {
      const answer = await check.mutateAsync({ method, value });
      if (run.current !== mine) return;
      setProgress(STEPS[2].at); note(STEPS[2].text);
      setProgress(100);
      note(answer.isDuplicate
        ? `تکراری با اطمینان ${formatNumberFa(answer.confidence)}٪`
        : `مقالهٔ تکراری پیدا نشد (اطمینان ${formatNumberFa(answer.confidence)}٪)`);
    } catch (failure) {
      if (run.current !== mine) return;
      // The server refused the input (a text that is too short once cleaned): said under the field.
      if (isApiError(failure, 400)) {
        setLog([]);
        setProgress(0);
        setError(failure.serverMessage ?? 'ورودی پذیرفته نشد');
      } else {
        note('بررسی ناموفق بود');
        setRunError(`بررسی ناموفق بود: ${failureReason(failure)}`);
      }
    }
  };

  const chance = result ? duplicateChance(result) : 0;
  const band = result ? confidenceBand(chance) : null;
  const size = duplicateTextSize(value);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="rounded-2xl border border-border bg-card p-4">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold"><SearchCheck aria-hidden="true" className="size-5" />بررسی تکراری بودن یک خبر</h2>
        <form noValidate onSubmit={submit} className="mt-3 space-y-3">
          <fieldset>
            <legend className="text-sm font-medium">روش بررسی</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {([['post', 'با شناسه پست'], ['content', 'با متن خبر']] as const).map(([m, label]) => (
                <label key={m} className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => { setMethod(m); setError(null); clearRun(); }} className="size-4 accent-[var(--color-accent)]" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {method === 'post' ? (
            <div>
              <label htmlFor={`${id}-post`} className="text-sm font-medium">شناسه پست</label>
              <input id={`${id}-post`} inputMode="numeric" dir="ltr" value={value} onChange={(e) => setValue(e.target.value)} placeholder="۱۲۳۴۵"
                aria-invalid={Boolean(error)} aria-describedby={`${id}-post-hint${error ? ` ${id}-error` : ''}`} className={cn(inputStyles, 'mt-1 max-w-56 text-start')} />
              <p id={`${id}-post-hint`} className="mt-1 text-xs text-muted">فقط عدد شناسه پست؛ بدون @ و بدون نام کانال.</p>
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-content`} className="text-sm font-medium">متن خبر</label>
              <textarea id={`${id}-content`} rows={6} value={value} onChange={(e) => { setValue(e.target.value); if (error) setError(null); }}
                aria-invalid={Boolean(error)} aria-describedby={`${id}-content-hint${error ? ` ${id}-error` : ''}`} className={cn(inputStyles, 'mt-1 h-auto min-h-32 w-full py-2')} />
              <p id={`${id}-content-hint`} className="mt-1 text-xs text-muted">
                دست‌کم {formatNumberFa(DUPLICATE_CHECK_MIN_CHARS)} حرف و {formatNumberFa(DUPLICATE_CHECK_MIN_WORDS)} واژه لازم است
                (اکنون {formatNumberFa(size.chars)} حرف و {formatNumberFa(size.words)} واژه).
              </p>
            </div>
          )}
          {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">{error}</p>}
          <button type="submit" disabled={check.isPending} className={adminButton.primary}>{check.isPending ? 'در حال بررسی…' : 'بررسی تکراری'}</button>
        </form>
      </div>

      {(log.length > 0 || check.isPending) && <ProgressLog label="پیشرفت بررسی" progress={progress} lines={log} failure={runError} />}

      {result && band && (
        <div className="rounded-2xl border border-border bg-card p-4" data-testid="duplicate-result" data-duplicate={String(result.isDuplicate)}>
          <h3 className="text-base font-bold">{result.isDuplicate ? 'این خبر تکراری است' : 'خبر تکراری نیست'}</h3>
          <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <div className={cn('rounded-lg p-2', band.className)} data-testid="duplicate-confidence" data-chance={chance}>
              <dt className="text-xs">اطمینان به این نتیجه</dt>
              <dd className="text-lg font-bold">{formatNumberFa(result.confidence)}٪</dd>
              <dd className="text-xs">احتمال تکرار: {band.label} ({formatNumberFa(chance)}٪)</dd>
            </div>
            <div className="rounded-lg bg-surface p-2"><dt className="text-xs text-muted">روش تشخیص</dt><dd className="text-sm font-bold">{METHOD_LABELS[result.duplicateType]}</dd></div>
            <div className="rounded-lg bg-surface p-2"><dt className="text-xs text-muted">زمان پردازش</dt><dd className="text-sm font-bold">{formatNumberFa(result.processingTime)} میلی‌ثانیه</dd></div>
            <div className="rounded-lg bg-surface p-2"><dt className="text-xs text-muted">مقاله‌های مشابه</dt><dd className="text-sm font-bold">{formatNumberFa(result.duplicateArticles.length)}</dd></div>
          </dl>
          <p className="mt-3 text-sm leading-7">{result.details}</p>
          {result.duplicateArticles.length > 0 && (
            <ul aria-label="مقاله‌های مشابه" className="mt-3 space-y-2">
              {result.duplicateArticles.map((a) => {
                const chanceOf = a.probability ?? a.similarity;
                const b = confidenceBand(chanceOf);
                return (
                  <li key={a.id} className="rounded-xl border border-border p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', b.className)}>احتمال تکرار {formatNumberFa(chanceOf)}٪</span>
                      <span className="rounded-full bg-surface px-2 py-0.5 text-xs">شباهت کل {formatNumberFa(a.similarity)}٪</span>
                      {a.isDuplicate && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">تکراری</span>}
                      <a href={`/article/${a.id}`} target="_blank" rel="noopener" className="inline-flex min-w-0 items-center gap-1 break-words font-bold text-accent underline-offset-4 hover:underline dark:text-red-200">
                        {a.title}<ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                      </a>
                    </div>
                    <p className="mt-1 text-xs text-muted">
                      #{toPersianDigits(a.id)} · {categoryFaName(a.category)} · {formatJalaliDate(a.publishedAt)}{a.source && <> · <bdi dir="ltr">@{a.source}</bdi></>}
                    </p>
                    {a.excerpt && <p className="mt-1 line-clamp-2 text-sm">{a.excerpt}</p>}
                    {a.reasons.length > 0 && <ul className="mt-1 list-inside list-disc text-xs text-muted">{a.reasons.map((r) => <li key={r}>{r}</li>)}</ul>}
                  </li>
                );
              })}
            </ul>
          )}
          <button type="button" className={cn(buttonStyles.secondary, 'mt-3')} onClick={() => { clearRun(); setValue(''); }}>بررسی تازه</button>
        </div>
      )}
    </section>
  );
}
