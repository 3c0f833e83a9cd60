import { useId, useState, type FormEvent } from 'react';
import { ExternalLink, FileCheck2 } from 'lucide-react';
import type { VerifyArticlesResponse } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES } from '@chapar/shared/contracts';
import { formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { adminButton } from '../../../components/styles.ts';
import { adminPaths } from '../../../paths.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { useShowPlan } from '../../../components/plan-host.tsx';
import { parseIdList, scoreTone, useDefaultIds, useVerifyArticles } from '../api.ts';

const SCORE_LABELS = [
  ['overallScore', 'امتیاز کل'],
  ['specificityScore', 'جزئیات مشخص'],
  ['factualContentScore', 'محتوای خبری'],
  ['lengthScore', 'طول'],
  ['structureScore', 'ساختار'],
] as const;

const score = (n: number) => formatNumberFa(Math.round(n * 10) / 10, { maximumFractionDigits: 1 });

function AnalysisCard({ analysis, regeneration }: { analysis: VerifyArticlesResponse['analyses'][number]; regeneration?: VerifyArticlesResponse['regenerationResults'][number] }) {
  const q = analysis.qualityScore;
  return (
    <li className="rounded-2xl border border-border bg-card p-4" data-testid="analysis-card" data-article-id={analysis.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-bold">
          <span className="text-muted">مقالهٔ {toPersianDigits(analysis.id)}: </span>{analysis.title}
        </h3>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', analysis.needsRegeneration ? 'bg-red-700 text-white' : 'bg-green-700 text-white')}>
          {analysis.needsRegeneration ? 'نیاز به بازنویسی' : 'کیفیت قابل قبول'}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {SCORE_LABELS.map(([key, label]) => {
          const tone = scoreTone(q[key]);
          return (
            <div key={key} className={cn('rounded-lg p-2 text-center', tone.className)} data-score={key}>
              <dt className="text-xs">{label}</dt>
              <dd className="text-lg font-bold">{score(q[key])}<span className="text-xs font-normal"> از ۱۰</span></dd>
              <dd className="text-xs">{tone.label}</dd>
            </div>
          );
        })}
      </dl>
      {q.issues.length > 0 && (
        <ul aria-label="مشکلات" className="mt-3 list-inside list-disc space-y-1 text-sm">{q.issues.map((issue) => <li key={issue}>{issue}</li>)}</ul>
      )}
      {regeneration && (
        // A proposal is not a change yet: it is shown as waiting, never in the success colour.
        <p role="status" className={cn('mt-3 rounded-lg p-2 text-sm', regeneration.result.proposed ? 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200')}>
          {regeneration.result.message}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`/article/${analysis.id}`} target="_blank" rel="noopener" className={cn(buttonStyles.secondary, 'gap-1')}>مشاهده مقاله<ExternalLink aria-hidden="true" className="size-3" /></a>
        {analysis.telegramId !== null && <span className="self-center text-xs text-muted">پست {toPersianDigits(analysis.telegramId)}</span>}
      </div>
    </li>
  );
}

/** Spec 03 §2.8: ids in, scores and rewrites out. */
export function ContentVerificationPage() {
  useAdminTitle('بررسی کیفیت محتوا');
  const id = useId();
  const defaults = useDefaultIds();
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? defaults.data ?? '';
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyArticles();
  const showPlan = useShowPlan();
  const data = verify.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = parseIdList(text);
    if (!ids.length) { setError(DUPLICATE_MESSAGES.idsRequired); return; }
    setError(null);
    verify.mutate(ids);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h1 id={`${id}-title`} className="flex items-center gap-2 text-2xl font-bold"><FileCheck2 aria-hidden="true" className="size-6" />بررسی کیفیت محتوا</h1>
      <form noValidate onSubmit={submit} className="rounded-2xl border border-border bg-card p-4">
        <label htmlFor={`${id}-ids`} className="text-sm font-medium">شماره مقاله‌ها (با ویرگول جدا کنید)</label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input id={`${id}-ids`} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined}
            className={cn(inputStyles, 'min-w-0 max-w-md flex-1 text-start')} />
          <button type="submit" disabled={verify.isPending} className={adminButton.primary}>{verify.isPending ? 'در حال بررسی…' : 'شروع بررسی'}</button>
        </div>
        {error && <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">{error}</p>}
        <p className="mt-2 text-xs text-muted">برای مقاله‌هایی که امتیاز کلشان کمتر از ۶ باشد بازنویسی پیشنهاد می‌شود؛ پیشنهاد فقط وقتی ساخته می‌شود که همهٔ اعداد و نام‌های پست منبع را داشته باشد و امتیازی بهتر از متن کنونی بگیرد. تا شما تأیید نکنید، چیزی تغییر نمی‌کند.</p>
      </form>
      {verify.isPending && <p role="status" className="text-sm text-muted">در حال تحلیل مقاله‌ها…</p>}
      {data && (
        <>
          <StatGrid label="خلاصهٔ بررسی">
            <StatCard label="تحلیل‌شده" value={data.totalAnalyzed} />
            <StatCard label="نیاز به بازنویسی" value={data.needRegeneration} tone="amber" />
            <StatCard label="بازنویسی پیشنهادی" value={data.plan?.changes ?? 0} tone="green" />
          </StatGrid>
          {data.plan && data.operationId && (
            <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-blue-300 bg-blue-50 p-4 text-sm dark:border-blue-800 dark:bg-blue-950/40">
              <p className="flex-1">هیچ مقاله‌ای هنوز تغییر نکرده است. بازنویسی‌های پیشنهادی را ببینید و آن‌هایی را که می‌پذیرید اعمال کنید.</p>
              <button type="button" className={adminButton.primary} onClick={() => showPlan({ operationId: data.operationId!, name: 'verify-articles', plan: data.plan! })}>بررسی بازنویسی‌ها</button>
            </div>
          )}
          {data.notFound.length > 0 && <p className="text-sm text-amber-800 dark:text-amber-200">این شماره‌ها پیدا نشدند: {data.notFound.map((n) => toPersianDigits(n)).join('، ')}</p>}
          <ul aria-label="تحلیل مقاله‌ها" className="space-y-3">
            {data.analyses.map((a) => <AnalysisCard key={a.id} analysis={a} regeneration={data.regenerationResults.find((r) => r.articleId === a.id)} />)}
          </ul>
          <div className="rounded-2xl border border-border bg-card p-4">
            <h2 className="text-base font-bold">کارهای سریع</h2>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={buttonStyles.secondary} onClick={() => verify.mutate(data.analyses.map((a) => a.id))}>بررسی دوباره همین مقاله‌ها</button>
              <button type="button" className={buttonStyles.secondary} disabled={!data.analyses.some((a) => a.needsRegeneration)} onClick={() => setText(toPersianDigits(data.analyses.filter((a) => a.needsRegeneration).map((a) => a.id).join('، ')))}>فقط مقاله‌های ضعیف</button>
              <a href={adminPaths.dashboard()} className={buttonStyles.secondary}>فهرست مقاله‌ها</a>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
