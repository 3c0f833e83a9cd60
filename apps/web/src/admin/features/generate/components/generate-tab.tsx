import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link2, ListOrdered, Send } from 'lucide-react';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { AdminDialog } from '../../../components/dialogs.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useRunJob, useSecondaryChannel, type JobRequest } from '../../../lib/operations.ts';
import { linkFormSchema, parseLink, parseRange, rangeSchema, singlePostSchema } from '../../../lib/job-inputs.ts';
import { JOB_LABELS } from '@chapar/shared/contracts';
import { OperationsMonitor } from '../../../components/operations-monitor.tsx';
import { TAB_LABELS } from '../../../paths.ts';
import { ToolButton, ToolGroup, type Tool } from '../../../components/tool-group.tsx';
import { handle } from '@chapar/shared/text';

const tool = (path: string, hint?: string): Tool => ({ path, label: JOB_LABELS[path] ?? path, hint });

const QUICK: Tool[] = [
  tool('add-latest-5-enhanced-posts', 'با رسانه و بازنویسی هوش مصنوعی'),
  tool('add-20-recent-posts'),
  tool('add-5-latest-simple', 'فقط متن، بازنویس آفلاین'),
  tool('add-2-simple-posts', 'فقط متن، بازنویس آفلاین'),
  tool('sync-last-posts', 'همه کانال‌ها'),
  tool('check-articles', '۱۰۰ مقاله آخر با پست منبع'),
  tool('complete-telegraph-processing', 'متن کامل پیوندهای تلگراف'),
];
const MEDIA: Tool[] = [
  tool('fix-all-missing-images'), tool('sync-images'), tool('migrate-videos'), tool('fix-video-duplicates'), tool('auto-embed-videos'),
];
const QUALITY: Tool[] = [
  tool('auto-fix-content-issues'), tool('rewrite-recent', '۲۰ مقاله آخر'), tool('comprehensive-content-cleaning'), tool('fix-excerpts'),
];
const SYSTEM: Tool[] = [tool('fix-article-dates'), tool('sync-all-channels')];

const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-300';

function LinkForm({ run, busy }: { run: (job: JobRequest) => void; busy: boolean }) {
  const form = useForm<{ link: string; contentVerification: string }>({ resolver: zodResolver(linkFormSchema), defaultValues: { link: '', contentVerification: '' } });
  const submit = form.handleSubmit(({ link, contentVerification }) => {
    const parsed = parseLink(link)!;
    run({ path: 'process-from-link', body: { link: link.trim(), messageId: parsed.messageId, channelName: parsed.channel, contentVerification: contentVerification.trim() || undefined } });
  });
  const linkError = form.formState.errors.link?.message;
  return (
    <section aria-labelledby="from-link-heading" className="rounded-2xl border border-border bg-card p-4">
      <h3 id="from-link-heading" className="flex items-center gap-2 text-base font-bold"><Link2 aria-hidden="true" className="size-4" />پردازش یک پست از لینک</h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
        <div>
          <label htmlFor="gen-link" className="text-sm font-medium">لینک پست تلگرام</label>
          <input id="gen-link" dir="ltr" inputMode="url" placeholder="https://t.me/channel/123" aria-invalid={Boolean(linkError)} aria-describedby={linkError ? 'gen-link-error' : undefined} className={cn(inputStyles, 'mt-1 text-start')} {...form.register('link')} />
          {linkError && <p id="gen-link-error" role="alert" className={errorClass}>{linkError}</p>}
        </div>
        <div>
          <label htmlFor="gen-verify" className="text-sm font-medium">متن تأیید محتوا (اختیاری)</label>
          <textarea id="gen-verify" rows={2} aria-describedby="gen-verify-hint" className={cn(inputStyles, 'mt-1')} {...form.register('contentVerification')} />
          <p id="gen-verify-hint" className="mt-1 text-xs text-muted">اگر پر شود، پست فقط وقتی پردازش می‌شود که این متن در آن باشد.</p>
          {form.formState.errors.contentVerification && <p role="alert" className={errorClass}>{form.formState.errors.contentVerification.message}</p>}
        </div>
        <button type="submit" disabled={busy} className={adminButton.primary}><Send aria-hidden="true" className="size-4" />پردازش پست</button>
      </form>
    </section>
  );
}

function SinglePostDialog({ open, onOpenChange, run }: { open: boolean; onOpenChange: (open: boolean) => void; run: (job: JobRequest) => void }) {
  const form = useForm<{ url: string }>({ resolver: zodResolver(singlePostSchema), defaultValues: { url: '' } });
  const submit = form.handleSubmit(({ url }) => {
    const parsed = parseLink(url)!;
    run({ path: 'process-post', body: { postId: parsed.messageId, channelName: parsed.channel, verbose: true, extractImages: true, useAI: true, skipExisting: false } });
    form.reset();
    onOpenChange(false);
  });
  const error = form.formState.errors.url?.message;
  return (
    <AdminDialog open={open} onOpenChange={(o) => { if (!o) form.reset(); onOpenChange(o); }} title="پردازش تک پست" description="نشانی پست تلگرام را وارد کنید؛ پست با رسانه و بازنویسی پردازش می‌شود.">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <div>
          <label htmlFor="single-url" className="text-sm font-medium">نشانی پست</label>
          <input id="single-url" dir="ltr" autoFocus inputMode="url" placeholder="https://t.me/channel/123" aria-invalid={Boolean(error)} aria-describedby={error ? 'single-url-error' : undefined} className={cn(inputStyles, 'mt-1 text-start')} {...form.register('url')} />
          {error && <p id="single-url-error" role="alert" className={errorClass}>{error}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => onOpenChange(false)}>انصراف</button>
          <button type="submit" className={adminButton.primary}>پردازش</button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** The hint's example and the field's placeholder, one text in Persian digits (parseRange reads them). */
const RANGE_EXAMPLE = '۱۰۰-۱۲۰';

function RangeDialog({ open, onOpenChange, run }: { open: boolean; onOpenChange: (open: boolean) => void; run: (job: JobRequest) => void }) {
  const form = useForm<{ range: string }>({ resolver: zodResolver(rangeSchema), defaultValues: { range: '' } });
  const submit = form.handleSubmit(({ range }) => {
    const { startId, endId } = parseRange(range)!;
    run({ path: 'process-posts-range', body: { startId, endId, options: { extractImages: true, useAI: true, skipExisting: true } } });
    form.reset();
    onOpenChange(false);
  });
  const error = form.formState.errors.range?.message;
  return (
    <AdminDialog open={open} onOpenChange={(o) => { if (!o) form.reset(); onOpenChange(o); }} title="پردازش بازه پست‌ها" description={`شناسه نخستین و واپسین پست کانال اصلی را به صورت شروع-پایان وارد کنید (مثلاً ${RANGE_EXAMPLE}).`}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <div>
          <label htmlFor="range-input" className="text-sm font-medium">بازه (شروع-پایان)</label>
          <input id="range-input" dir="ltr" autoFocus inputMode="numeric" placeholder={RANGE_EXAMPLE} aria-invalid={Boolean(error)} aria-describedby={error ? 'range-error' : undefined} className={cn(inputStyles, 'mt-1 text-start')} {...form.register('range')} />
          {error && <p id="range-error" role="alert" className={errorClass}>{error}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => onOpenChange(false)}>انصراف</button>
          <button type="submit" className={adminButton.primary}>پردازش بازه</button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** Spec 03 §2.3 generate tab. */
export function GenerateTab() {
  const run = useRunJob();
  const secondary = useSecondaryChannel();
  const [dialog, setDialog] = useState<'single' | 'range' | null>(null);
  const start = (job: JobRequest) => run.mutate(job);
  const running = run.isPending ? run.variables : undefined;
  const quality = secondary.data ? [...QUALITY, { path: `clean-all-${secondary.data}-articles`, label: `پاک‌سازی همه مقاله‌های ${handle(secondary.data)}` }] : QUALITY;
  return (
    <section aria-labelledby="generate-heading" className="space-y-4">
      <h2 id="generate-heading" className="text-xl font-bold">{TAB_LABELS.generate}</h2>
      <OperationsMonitor />
      <div className="grid gap-4 lg:grid-cols-2">
        <LinkForm run={start} busy={running?.path === 'process-from-link'} />
        <section aria-labelledby="advanced-heading" className="rounded-2xl border border-border bg-card p-4">
          <h3 id="advanced-heading" className="text-base font-bold">پردازش پیشرفته</h3>
          <p className="mt-1 text-sm text-muted">یک پست با نشانی‌اش، یا بازه‌ای از شناسه‌های کانال اصلی (حداکثر ۱۰۰ پست).</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('single')}><Link2 aria-hidden="true" className="size-4" />تک پست با نشانی</button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('range')}><ListOrdered aria-hidden="true" className="size-4" />پردازش بازه</button>
          </div>
        </section>
      </div>
      <ToolGroup id="quick" title="تولید سریع محتوا" description="پست‌های تازه کانال‌ها را می‌خواند و مقاله می‌سازد.">
        {QUICK.map((t) => <ToolButton key={t.path} tool={t} running={running} onRun={start} />)}
      </ToolGroup>
      <div className="grid gap-4 lg:grid-cols-3">
        <ToolGroup id="media" title="مدیریت رسانه">{MEDIA.map((t) => <ToolButton key={t.path} tool={t} running={running} onRun={start} />)}</ToolGroup>
        <ToolGroup id="quality" title="کیفیت محتوا">{quality.map((t) => <ToolButton key={t.path} tool={t} running={running} onRun={start} />)}</ToolGroup>
        <ToolGroup id="system" title="ابزارهای سامانه">{SYSTEM.map((t) => <ToolButton key={t.path} tool={t} running={running} onRun={start} />)}</ToolGroup>
      </div>
      <SinglePostDialog open={dialog === 'single'} onOpenChange={(o) => setDialog(o ? 'single' : null)} run={start} />
      <RangeDialog open={dialog === 'range'} onOpenChange={(o) => setDialog(o ? 'range' : null)} run={start} />
    </section>
  );
}
