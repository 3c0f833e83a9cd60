import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ArrowRight, CircleAlert, Film, Images, Link2, ListChecks, Sparkles, Star, Wand2, Wrench } from 'lucide-react';
import type { Article } from '@chapar/shared/contracts';
import { formatNumberFa, toPersianDigits } from '@chapar/shared/text';
import { buttonStyles, inputStyles, mirrorRtl } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { useQuery } from '@tanstack/react-query';
import { useAdminRequest } from '../../../lib/api.ts';
import { adminButton } from '../../../components/styles.ts';
import { useScrollHints } from '../../../components/scroll-hints.ts';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { adminPaths } from '../../../paths.ts';
import { useRunJob, type JobRequest } from '../../../lib/operations.ts';
import { parseLink } from '../../../lib/job-inputs.ts';
import { JOB_LABELS } from '@chapar/shared/contracts';
import { DETAILS_SHOWN, PICKER_READ, PICKER_SHOWN, readResult, SYNC_TEXTS, type SyncResult } from '../results.ts';
import { LINK_MESSAGES } from '@chapar/shared/contracts';

function Card({ icon, title, children, badge, tone }: { icon: ReactNode; title: string; children: ReactNode; badge?: string; tone?: 'warning' }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('flex flex-col rounded-2xl border bg-card p-4', tone === 'warning' ? 'border-amber-500/60' : 'border-border')}>
      <h2 id={id} className="flex flex-wrap items-center gap-2 text-base font-bold">
        {icon}{title}
        {badge && <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">{badge}</span>}
      </h2>
      <div className="mt-2 flex flex-1 flex-col gap-3 text-sm">{children}</div>
    </section>
  );
}

/** The latest articles to pick from: it scrolls, and fades where more of it is hidden (a cut item read as the end). */
function ArticlePicker({ articles, selected, onPick }: { articles: Article[]; selected: string; onPick: (id: number) => void }) {
  const list = useRef<HTMLUListElement>(null);
  useScrollHints(list, 'y');
  return (
    <ul ref={list} aria-label="انتخاب مقاله" className="scroll-hints-y mt-1 max-h-56 space-y-1 overflow-y-auto">
      {articles.map((a) => (
        <li key={a.id}>
          <button type="button" onClick={() => onPick(a.id)} aria-pressed={selected === String(a.id)} className={cn('w-full rounded-lg px-2 py-1 text-start hover:bg-surface aria-pressed:bg-accent-soft', 'focus-visible:outline-3 focus-visible:outline-ring')}>
            <span className="font-bold">{toPersianDigits(a.id)}</span> — <span className="line-clamp-1 inline">{a.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ResultsPanel({ result }: { result: SyncResult }) {
  const figures: Array<[string, number | null]> = [['کل', result.total], ['پردازش‌شده', result.processed], ['به‌روزشده', result.updated], ['خطا', result.errors]];
  return (
    <section aria-labelledby="sync-results-heading" data-testid="sync-results" data-tone={!result.ok ? 'error' : result.updated ? 'changed' : 'unchanged'}
      // Green only when something really changed; a run that changed nothing says so without a success colour.
      className={cn('rounded-2xl border p-4', !result.ok ? 'border-red-600/50 bg-red-50 dark:bg-red-950/40' : result.updated ? 'border-green-600/50 bg-green-50 dark:bg-green-950/40' : 'border-border bg-card')}>
      <h2 id="sync-results-heading" className="text-lg font-bold">نتیجه: {result.title}</h2>
      {result.message && <p role="status" className="mt-1 text-sm">{result.message}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-card p-2 text-center">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-bold">{value === null ? '—' : formatNumberFa(value)}</dd>
          </div>
        ))}
      </dl>
      {result.details.length > 0 && (
        <>
          <ul aria-label="جزئیات" className="mt-3 space-y-1 text-sm">
            {result.details.slice(0, DETAILS_SHOWN).map((line, i) => <li key={i} className="break-words">{line}</li>)}
          </ul>
          {result.details.length > DETAILS_SHOWN && <p className="mt-1 text-sm text-muted">و {formatNumberFa(result.details.length - DETAILS_SHOWN)} مورد دیگر</p>}
        </>
      )}
    </section>
  );
}

function useLatestArticles() {
  const request = useAdminRequest();
  return useQuery({ queryKey: ['admin', 'sync-picker'], queryFn: () => request<Article[]>('GET', `/api/articles?limit=${PICKER_READ}`) });
}

/** Spec 03 §2.6: /admin/sync. */
export function SyncPage() {
  useAdminTitle('همگام‌سازی و اصلاح');
  const [result, setResult] = useState<SyncResult | null>(null);
  const run = useRunJob((answer, job) => setResult(readResult(job.path.startsWith('fix-article/') ? 'fix-article/' : job.path, job.title ?? job.path, answer)));
  const running = run.isPending ? run.variables : undefined;
  const start = (job: JobRequest, title: string) => {
    setResult(null);
    run.mutate({ ...job, title, failure: job.path === 'sync-telegram-post' ? SYNC_TEXTS.syncFailed : SYNC_TEXTS.fixFailed });
  };
  const button = (path: string, label: string, primary = false) => (
    <button type="button" data-job={path} disabled={Boolean(running)} aria-busy={running?.path === path} onClick={() => start({ path }, label)} className={primary ? adminButton.primary : buttonStyles.secondary}>
      {running?.path === path ? 'در حال اجرا…' : label}
    </button>
  );

  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const syncPost = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) { setUrlError(SYNC_TEXTS.needUrl); return; }
    if (!parseLink(url)) { setUrlError(LINK_MESSAGES.invalid); return; }
    setUrlError(null);
    start({ path: 'sync-telegram-post', body: { url: url.trim() } }, 'همگام‌سازی تک پست');
  };

  const [articleId, setArticleId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const latest = useLatestArticles();
  const fixOne = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(articleId.trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
    if (!articleId.trim() || !Number.isInteger(id) || id <= 0) { setIdError(SYNC_TEXTS.needId); return; }
    setIdError(null);
    start({ path: `fix-article/${id}` }, `اصلاح مقاله ${toPersianDigits(id)}`);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">همگام‌سازی و اصلاح</h1>
        <a href={adminPaths.dashboard()} className={buttonStyles.secondary}><ArrowRight aria-hidden="true" className={cn('size-4', mirrorRtl, 'rtl:scale-x-100')} />بازگشت به پنل</a>
      </div>
      <p className="text-sm text-muted">هر کار روی سرور اجرا می‌شود؛ نتیجه پایین همین صفحه و پیشرفت کارهای طولانی در پایش عملیات زبانه «تولید محتوا» دیده می‌شود.</p>
      {result && <ResultsPanel result={result} />}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card icon={<Link2 aria-hidden="true" className="size-4" />} title="۱. همگام‌سازی یک پست">
          <form noValidate onSubmit={syncPost} className="space-y-2">
            <label htmlFor="sync-url" className="font-medium">لینک پست کانال</label>
            <input id="sync-url" dir="ltr" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://t.me/channel/123" aria-invalid={Boolean(urlError)} aria-describedby={urlError ? 'sync-url-error' : undefined} className={cn(inputStyles, 'text-start')} />
            {urlError && <p id="sync-url-error" role="alert" className="text-red-700 dark:text-red-300">{urlError}</p>}
            <button type="submit" disabled={Boolean(running)} className={adminButton.primary}>همگام‌سازی پست</button>
          </form>
        </Card>
        <Card icon={<Wrench aria-hidden="true" className="size-4" />} title="۲. اصلاح یک مقاله">
          <form noValidate onSubmit={fixOne} className="space-y-2">
            <label htmlFor="fix-id" className="font-medium">شناسه مقاله</label>
            <div className="flex flex-wrap items-center gap-2">
              <input id="fix-id" dir="ltr" inputMode="numeric" value={articleId} onChange={(e) => setArticleId(e.target.value)} aria-invalid={Boolean(idError)} aria-describedby={idError ? 'fix-id-error' : undefined} className={cn(inputStyles, 'max-w-40 text-start')} />
              <button type="submit" disabled={Boolean(running)} className={buttonStyles.secondary}>اصلاح مقاله</button>
            </div>
            {idError && <p id="fix-id-error" role="alert" className="text-red-700 dark:text-red-300">{idError}</p>}
          </form>
          <div>
            <p className="font-medium">آخرین مقاله‌ها</p>
            {latest.isPending ? <p className="text-muted">در حال بارگذاری…</p> : latest.isError ? <p className="text-red-700 dark:text-red-300">خطا در ارتباط با سرور</p> : (
              <ArticlePicker articles={(latest.data ?? []).slice(0, PICKER_SHOWN)} selected={articleId} onPick={(picked) => { setArticleId(String(picked)); setIdError(null); }} />
            )}
          </div>
        </Card>
        <Card icon={<Star aria-hidden="true" className="size-4" />} title="۳. همگام‌سازی دقیق تصاویر" badge="پیشنهادی">
          <p className="text-muted">تصویر و تاریخ هر مقاله را دقیقاً با پست منبعش در تلگرام تطبیق می‌دهد.</p>
          {button('precise-telegram-sync', 'اجرای همگام‌سازی دقیق', true)}
        </Card>
        <Card icon={<ListChecks aria-hidden="true" className="size-4" />} title="۴. اصلاح کامل همه مقاله‌ها">
          <p className="text-muted">رسانه، تاریخ، متن و خلاصه همه مقاله‌های تلگرامی بازبینی و اصلاح می‌شود؛ پیش از اجرا شمار و فهرست مقاله‌هایی را که تغییر می‌کنند می‌بینید و تأیید می‌کنید.</p>
          {button('fix-all-articles', 'اصلاح همه مقاله‌ها')}
        </Card>
        <Card icon={<Sparkles aria-hidden="true" className="size-4" />} title="۵. تطبیق هوشمند رسانه">
          <p className="text-muted">رسانه‌ای که به مقاله‌ای نادرست چسبیده را با پست درستش جفت می‌کند.</p>
          {button('smart-media-match', 'تطبیق هوشمند')}
          {button('fix-all-media-matching', JOB_LABELS['fix-all-media-matching'])}
        </Card>
        <Card icon={<Images aria-hidden="true" className="size-4" />} title="۶. همگام‌سازی جامع رسانه (قدیمی)" tone="warning">
          <p className="flex gap-1 text-amber-800 dark:text-amber-200"><CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />روش قدیمی: همه رسانه‌ها دوباره بارگیری می‌شوند و ممکن است زمان زیادی ببرد؛ بیشتر وقت‌ها همگام‌سازی دقیق بس است.</p>
          {button('comprehensive-media-sync', 'اجرای همگام‌سازی جامع')}
        </Card>
        <Card icon={<Film aria-hidden="true" className="size-4" />} title="۷. ابزارهای ویدیو">
          <div className="grid gap-2 sm:grid-cols-2">
            {button('migrate-videos', 'انتقال به فضای ذخیره‌سازی سایت')}
            {button('auto-embed-videos', 'جاسازی خودکار')}
            {button('fix-all-videos', 'اصلاح همه ویدیوها')}
            {button('fix-video-duplicates', 'حذف ویدیوهای تکراری')}
          </div>
        </Card>
        <Card icon={<Wand2 aria-hidden="true" className="size-4" />} title="۸. اصلاح ۲۰ مقاله آخر">
          <p className="text-muted">۲۰ مقاله آخر از پست منبع دوباره خوانده و با هوش مصنوعی بازنویسی می‌شوند.</p>
          {button('rewrite-recent', 'اصلاح و بازنویسی ۲۰ مقاله آخر')}
        </Card>
      </div>
    </div>
  );
}
