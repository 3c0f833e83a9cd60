import { useState } from 'react';
import { CheckCircle2, Download, ExternalLink, Pencil, Plus, Power, PowerOff, RefreshCw, ShieldCheck, XCircle } from 'lucide-react';
import type { ChannelInfo, ChannelValidation } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa, formatRelativeFa, handle } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { useToast } from '../../../../components/ui/toast.tsx';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { errorText, TOAST_TITLES } from '../../../lib/api.ts';
import { persianServerText } from '../../../lib/persian-text.ts';
import { CHANNEL_TEXTS, exportChannels, roleLabel, useChannels, useSyncAll, useUpdateChannel, useValidateChannels } from '../api.ts';
import { ChannelFormDialog } from './channel-form-dialog.tsx';

const small = cn(buttonStyles.secondary, 'px-2.5 py-1 text-xs');

function when(iso: string | null, never: string) {
  if (!iso) return <span className="text-muted">{never}</span>;
  return <time dateTime={iso} title={formatJalaliDateTime(iso)}>{formatRelativeFa(iso)}</time>;
}

function Badge({ tone, children }: { tone: 'green' | 'gray' | 'blue' | 'amber' | 'red'; children: React.ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
    gray: 'bg-surface text-muted border border-border',
    blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
    amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
    red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  };
  return <span className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tones[tone])}>{children}</span>;
}

function ChannelCard({ channel, validation, onEdit, onToggle, busy }: {
  channel: ChannelInfo; validation?: ChannelValidation; onEdit: () => void; onToggle: () => void; busy: boolean;
}) {
  const headingId = `channel-${channel.id}-title`;
  return (
    <article aria-labelledby={headingId} data-channel={channel.username} className={cn('flex flex-col gap-3 rounded-xl border border-border bg-card p-4', !channel.isActive && 'opacity-90')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-bold"><bdi>{channel.title || `@${channel.username}`}</bdi></h3>
          <a href={channel.url} target="_blank" rel="noopener noreferrer" dir="ltr" className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline dark:text-red-300">
            @{channel.username}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(در زبانه جدید)</span>
          </a>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={channel.role === 'demo' ? 'amber' : 'blue'}>{roleLabel(channel.role)}</Badge>
          {channel.isActive ? <Badge tone="green">فعال</Badge> : <Badge tone="gray">غیرفعال</Badge>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div><dt className="text-muted">پست‌ها</dt><dd className="font-bold" data-field="posts">{formatNumberFa(channel.postCount)}</dd></div>
        <div><dt className="text-muted">مقاله‌ها</dt><dd className="font-bold" data-field="articles">{formatNumberFa(channel.articleCount)}</dd></div>
        <div><dt className="text-muted">آخرین پست</dt><dd>{when(channel.lastPostAt, 'هنوز پستی خوانده نشده')}</dd></div>
        <div><dt className="text-muted">آخرین بررسی</dt><dd>{when(channel.lastCheckedAt, 'هنوز بررسی نشده')}</dd></div>
      </dl>
      {validation && (
        <p className={cn('flex items-start gap-1.5 rounded-lg p-2 text-sm', validation.reachable ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200')}>
          {validation.reachable ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
          <span>
            {validation.reachable
              ? `در دسترس؛ ${formatNumberFa(validation.postsOnPage)} پست در صفحه آخر${validation.responseTime !== null ? `، ${formatNumberFa(validation.responseTime)} میلی‌ثانیه` : ''}`
              : <>در دسترس نیست: <bdi>{validation.error ?? 'خطای نامشخص'}</bdi></>}
          </span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" className={small} onClick={onEdit} aria-label={`ویرایش کانال @${channel.username}`}>
          <Pencil aria-hidden="true" className="size-3.5" />
          ویرایش
        </button>
        <button type="button" className={small} onClick={onToggle} disabled={busy} aria-label={`${channel.isActive ? 'غیرفعال کردن' : 'فعال کردن'} کانال @${channel.username}`}>
          {channel.isActive ? <PowerOff aria-hidden="true" className="size-3.5" /> : <Power aria-hidden="true" className="size-3.5" />}
          {channel.isActive ? 'غیرفعال کردن' : 'فعال کردن'}
        </button>
      </div>
    </article>
  );
}

/** Spec 03 §2.3 'Channels tab': cards of the channels in the database, add, edit, switch on and off, sync all, validate, export. */
export function ChannelsTab() {
  const list = useChannels();
  const { toast } = useToast();
  const [editing, setEditing] = useState<ChannelInfo | null>(null);
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<ChannelInfo | null>(null);
  const [validation, setValidation] = useState<Map<string, ChannelValidation>>(new Map());
  const [syncProgress, setSyncProgress] = useState(0);
  const [exporting, setExporting] = useState(false);
  const update = useUpdateChannel();
  const validate = useValidateChannels((v) => setValidation(new Map(v.results.map((r) => [r.username.toLowerCase(), r]))));
  const sync = useSyncAll(setSyncProgress);
  const channels = list.data?.channels ?? [];
  const active = channels.filter((c) => c.isActive);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportChannels();
      toast({ title: TOAST_TITLES.success, description: 'خروجی کانال‌ها دریافت شد' });
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: errorText(error, 'خطا در خروجی گیری'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="channels-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="channels-heading" className="text-xl font-bold">کانال‌ها</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={adminButton.primary} onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            افزودن کانال
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => sync.mutate()} disabled={sync.isPending || active.length === 0}>
            <RefreshCw aria-hidden="true" className={cn('size-4', sync.isPending && 'animate-spin')} />
            همگام‌سازی همه
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => validate.mutate()} disabled={validate.isPending}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {validate.isPending ? 'در حال اعتبارسنجی…' : 'اعتبارسنجی'}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => void runExport()} disabled={exporting}>
            <Download aria-hidden="true" className="size-4" />
            خروجی
          </button>
        </div>
      </div>
      {sync.isPending && (
        <div role="status" className="rounded-xl border border-border bg-card p-3 text-sm">
          <p>همگام‌سازی کانال‌ها در حال اجراست… {syncProgress > 0 && `${formatNumberFa(syncProgress)}٪`}</p>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface" aria-hidden="true">
            <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.max(5, syncProgress)}%` }} />
          </div>
        </div>
      )}
      {sync.data && !sync.isPending && (
        <div
          data-sync-result={sync.data.success ? 'success' : 'error'}
          className={cn('rounded-xl border p-3 text-sm', sync.data.success ? 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200')}
        >
          <p className="font-bold">نتیجه همگام‌سازی</p>
          <p dir="auto" className="mt-1 break-words">{persianServerText(sync.data.message)}</p>
          {sync.data.errors.length > 0 && <ul className="mt-1 list-inside list-disc">{sync.data.errors.map((e) => <li key={e} dir="auto">{persianServerText(e)}</li>)}</ul>}
        </div>
      )}
      <StatGrid label="آمار کانال‌ها">
        <StatCard label="کانال‌ها" value={list.data ? channels.length : undefined} />
        <StatCard label="کانال‌های فعال" value={list.data ? active.length : undefined} tone="green" />
        <StatCard label="پست‌های خوانده‌شده" value={list.data ? channels.reduce((n, c) => n + c.postCount, 0) : undefined} tone="blue" />
        <StatCard label="مقاله‌ها" value={list.data ? channels.reduce((n, c) => n + c.articleCount, 0) : undefined} tone="accent" />
      </StatGrid>
      {list.isPending ? <LoadingState label="در حال بارگذاری کانال‌ها…" />
        : list.isError ? <ErrorState message={CHANNEL_TEXTS.loadFailed} onRetry={() => void list.refetch()} />
        : channels.length === 0 ? <EmptyState>{CHANNEL_TEXTS.empty}</EmptyState>
        : (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {channels.map((channel) => (
              <ChannelCard
                key={channel.id}
                channel={channel}
                validation={validation.get(channel.username.toLowerCase())}
                busy={update.isPending}
                onEdit={() => setEditing(channel)}
                onToggle={() => (channel.isActive ? setDisabling(channel) : update.mutate({ id: channel.id, body: { isActive: true } }))}
              />
            ))}
          </div>
        )}
      <ChannelFormDialog channel={null} channels={channels} open={adding} onClose={() => setAdding(false)} />
      {editing && <ChannelFormDialog channel={editing} channels={channels} open onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => { if (!open) setDisabling(null); }}
        title="غیرفعال کردن کانال"
        description={disabling ? `کانال ${handle(disabling.username)} دیگر در بررسی‌ها و پایش خودکار خوانده نمی‌شود؛ پست‌ها و مقاله‌هایش می‌مانند. ادامه می‌دهید؟` : ''}
        confirmLabel="غیرفعال کردن"
        destructive
        onConfirm={() => { if (disabling) update.mutate({ id: disabling.id, body: { isActive: false } }); setDisabling(null); }}
      />
    </section>
  );
}
