import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical, ImageUp, Images, Info } from 'lucide-react';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { adminButton } from '../../../components/styles.ts';
import { useOperations, useRunJob, type JobRequest } from '../../../lib/operations.ts';
import { OperationsMonitor, ReportList, shownStatus } from '../../../components/operations-monitor.tsx';
import { TAB_LABELS } from '../../../paths.ts';
import { ToolButton, ToolGroup } from '../../../components/tool-group.tsx';
import { articleIdSchema, toLatinNumber } from '../../../lib/job-inputs.ts';
import { JOB_LABELS } from '@chapar/shared/contracts';
import { useMediaStatus, useWatermarkPreview } from '../api.ts';

const WATERMARK_JOBS = new Set(['watermark-test', 'apply-watermarks', 'verify-all-watermarks', 'fix-all-video-urls', 'watermark-article', 'verify-watermark', 'fix-video-url']);

/** The newest watermark test's outcome: the system test card. */
function SystemTest({ run, running }: { run: (job: JobRequest) => void; running: JobRequest | undefined }) {
  const ops = useOperations();
  const last = ops.data?.operations.find((op) => op.name === 'watermark-test');
  const report = (last?.results?.detailedReport as { processed?: [] } | undefined)?.processed ?? [];
  const url = typeof last?.results?.url === 'string' ? last.results.url : null;
  const status = last ? shownStatus(last) : null;
  return (
    <section aria-labelledby="wm-test-heading" className="rounded-2xl border border-border bg-card p-4">
      <h3 id="wm-test-heading" className="flex items-center gap-2 text-base font-bold"><FlaskConical aria-hidden="true" className="size-4" />آزمون سامانه</h3>
      <p className="mt-1 text-sm text-muted">یک تصویر و یک ویدیوی نمونه ساخته، واترمارک و بررسی می‌شود.</p>
      <div className="mt-3"><ToolButton tool={{ path: 'watermark-test', label: 'اجرای آزمون واترمارک' }} running={running} onRun={run} /></div>
      {last && (
        <div className="mt-3 space-y-2" data-testid="watermark-test-result" data-status={status}>
          <p className="text-sm font-medium">
            آخرین آزمون: {status === 'success' ? 'موفق' : status === 'running' || status === 'idle' ? 'در حال اجرا…' : 'ناموفق'}
          </p>
          <ReportList items={report} />
          {url && status === 'success' && <img src={url} alt="تصویر نمونه واترمارک‌شده" className="max-h-48 rounded-lg border border-border" />}
        </div>
      )}
    </section>
  );
}

function NewMediaStatus() {
  const status = useMediaStatus();
  const d = status.data;
  const figures: Array<[string, number | undefined]> = [
    ['تصویر', d?.images], ['ویدیو', d?.videos], ['بدون واترمارک', d?.unmarked], ['۲۴ ساعت اخیر', d?.last24h.total],
  ];
  return (
    <section aria-labelledby="wm-status-heading" className="rounded-2xl border border-border bg-card p-4" data-testid="media-status">
      <h3 id="wm-status-heading" className="flex items-center gap-2 text-base font-bold"><Images aria-hidden="true" className="size-4" />وضعیت رسانه‌های تازه</h3>
      {status.isError ? <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">خطا در ارتباط با سرور</p> : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {figures.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-surface p-2 text-center">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-lg font-bold">{value === undefined ? '…' : formatNumberFa(value)}</dd>
              </div>
            ))}
          </dl>
          {d && d.last24h.total > 0 && <p className="mt-2 text-sm">{formatNumberFa(d.last24h.watermarked)} از {formatNumberFa(d.last24h.total)} رسانه ۲۴ ساعت اخیر واترمارک دارند.</p>}
          {d && d.recent.length > 0 && (
            <ul aria-label="تازه‌ترین رسانه‌ها" className="mt-2 space-y-1 text-xs">
              {d.recent.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-x-2">
                  <span className={m.watermarked ? 'font-bold text-green-700 dark:text-green-400' : 'font-bold text-amber-700 dark:text-amber-300'}>{m.watermarked ? 'واترمارک‌دار' : 'بدون واترمارک'}</span>
                  <span>{m.kind === 'video' ? 'ویدیو' : 'تصویر'}</span>
                  {m.articleId !== null && <span>مقاله {formatNumberFa(m.articleId, { useGrouping: false })}</span>}
                  <time dateTime={m.createdAt} className="text-muted">{formatJalaliDateTime(m.createdAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function OneArticle({ run, running }: { run: (job: JobRequest) => void; running: JobRequest | undefined }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const go = (kind: 'watermark-article' | 'verify-watermark' | 'fix-video-url') => (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = articleIdSchema.safeParse({ id: value });
    if (!parsed.success) { setError(parsed.error.issues[0].message); return; }
    setError(null);
    run({ path: `${kind}/${toLatinNumber(value)}` });
  };
  const busy = running?.path.includes('/') ?? false;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-border bg-card p-4">
      <h3 id={`${id}-heading`} className="text-base font-bold">یک مقاله</h3>
      <form noValidate onSubmit={go('watermark-article')} className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-input`} className="text-sm font-medium">شماره مقاله</label>
          <input id={`${id}-input`} inputMode="numeric" dir="ltr" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} className={cn(inputStyles, 'mt-1 max-w-40 text-start')} />
          {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={buttonStyles.secondary}>{JOB_LABELS['watermark-article']}</button>
          <button type="button" disabled={busy} onClick={go('verify-watermark')} className={buttonStyles.secondary}>{JOB_LABELS['verify-watermark']}</button>
          <button type="button" disabled={busy} onClick={go('fix-video-url')} className={buttonStyles.secondary}>{JOB_LABELS['fix-video-url']}</button>
        </div>
      </form>
    </section>
  );
}

function TestUpload() {
  const id = useId();
  const preview = useWatermarkPreview();
  const [file, setFile] = useState<File | null>(null);
  const data = preview.data;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-border bg-card p-4">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-base font-bold"><ImageUp aria-hidden="true" className="size-4" />بارگذاری آزمایشی</h3>
      <p className="mt-1 text-sm text-muted">تصویری بارگذاری کنید تا نسخه واترمارک‌شده را کنار اصل آن ببینید؛ چیزی ذخیره نمی‌شود.</p>
      <form noValidate className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); if (file) preview.mutate(file); }}>
        {/* The browser's own file button speaks the browser's language: a Persian label stands in for it. */}
        <div className="min-w-0">
          <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/gif,image/webp" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="peer sr-only" />
          <label htmlFor={`${id}-file`} className={cn(buttonStyles.secondary, 'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-ring')}>
            <ImageUp aria-hidden="true" className="size-4" />انتخاب تصویر آزمایشی
          </label>
          <p className="mt-1 max-w-full truncate text-xs text-muted">{file ? <bdi dir="ltr">{file.name}</bdi> : 'هنوز تصویری انتخاب نشده است'}</p>
        </div>
        <button type="submit" disabled={!file || preview.isPending} className={adminButton.primary}>{preview.isPending ? 'در حال واترمارک…' : 'آزمون واترمارک'}</button>
      </form>
      {data && (
        <div className="mt-4" data-testid="watermark-preview">
          <p role="status" className="text-sm font-medium">{data.message} ({formatNumberFa(data.width)}×{formatNumberFa(data.height)})</p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <figure className="min-w-0">
              <img src={data.original} alt="تصویر اصلی" className="w-full rounded-lg border border-border" />
              <figcaption className="mt-1 text-center text-sm text-muted">اصلی</figcaption>
            </figure>
            <figure className="min-w-0">
              <img src={data.marked} alt="تصویر واترمارک‌شده" className="w-full rounded-lg border border-border" />
              <figcaption className="mt-1 text-center text-sm text-muted">با واترمارک</figcaption>
            </figure>
          </div>
        </div>
      )}
    </section>
  );
}

/** Spec 03 §2.3 watermark tab. */
export function WatermarkTab() {
  const queryClient = useQueryClient();
  const run = useRunJob(() => void queryClient.invalidateQueries({ queryKey: ['admin', 'media-status'] }));
  const start = (job: JobRequest) => run.mutate(job);
  const running = run.isPending ? run.variables : undefined;
  return (
    <section aria-labelledby="watermark-heading" className="space-y-4">
      <h2 id="watermark-heading" className="text-xl font-bold">{TAB_LABELS.watermark}</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <SystemTest run={start} running={running} />
        <NewMediaStatus />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ToolGroup id="wm-all" title="همه رسانه‌ها" description="رسانه‌های تازه هنگام ذخیره خودکار واترمارک می‌شوند؛ این ابزارها رسانه‌های ذخیره‌شده پیشین را پوشش می‌دهند.">
          {(['apply-watermarks', 'verify-all-watermarks', 'fix-all-video-urls'] as const).map((path) => (
            <ToolButton key={path} tool={{ path, label: JOB_LABELS[path] }} running={running} onRun={start} />
          ))}
        </ToolGroup>
        <OneArticle run={start} running={running} />
      </div>
      <div>
        <section aria-labelledby="wm-about-heading" className="rounded-2xl border border-border bg-card p-4">
          <h3 id="wm-about-heading" className="flex items-center gap-2 text-base font-bold"><Info aria-hidden="true" className="size-4" />واترمارک چگونه کار می‌کند</h3>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
            <li>متن واترمارک در گوشه پایین راست، سفید با سایه سیاه نوشته می‌شود.</li>
            <li>تصاویر (<Formats names={['jpg', 'png', 'gif']} />) با شفافیت ۸۰٪ و ویدیوها (<Formats names={['mp4', 'avi', 'mov']} />) با شفافیت ۷۰٪ نشان می‌خورند.</li>
            <li>هر رسانه تازه هنگام ذخیره واترمارک می‌شود و نسخه اصلی جداگانه نگه داشته می‌شود تا بتوان دوباره نشان زد و آن را تأیید کرد.</li>
            <li>«تأیید» نسخه منتشرشده را با اصل آن مقایسه می‌کند تا ببیند نشان در گوشه هست.</li>
          </ul>
        </section>
      </div>
      <TestUpload />
      <OperationsMonitor title="عملیات واترمارک" filter={(op) => WATERMARK_JOBS.has(op.name)} />
    </section>
  );
}

/** File formats named as their extensions, in code type so they read as the identifiers they are. */
function Formats({ names }: { names: string[] }) {
  return names.map((name, i) => <span key={name}>{i > 0 && '، '}<code dir="ltr" className="font-mono text-xs">.{name}</code></span>);
}
