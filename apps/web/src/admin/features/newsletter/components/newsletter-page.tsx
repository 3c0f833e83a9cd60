import { useEffect, useId, useState } from 'react';
import { Download, Search } from 'lucide-react';
import type { SubscriberStatus } from '@chapar/shared/contracts';
import { inputStyles } from '../../../../components/ui/button-styles.ts';
import { adminButton } from '../../../components/styles.ts';
import { FilterButtons } from '../../../components/filter-buttons.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { NOTHING_TO_EXPORT, TEXTS, useExportSubscribers, useSubscribers } from '../api.ts';
import { NewsletterMailPanel } from './newsletter-mail-panel.tsx';
import { SubscribersTable } from './subscribers-table.tsx';
import { WaitingSignups } from './waiting-signups.tsx';

const FILTERS = [
  { value: 'all', label: 'همه' },
  { value: 'active', label: 'فعال' },
  { value: 'inactive', label: 'غیرفعال' },
] as const;

/** Spec 03 §2.5: /admin/newsletter (and the dashboard's newsletter tab). */
export function NewsletterPage({ embedded = false }: { embedded?: boolean }) {
  if (!embedded) return <NewsletterTitle />;
  return <Newsletter headingLevel={2} />;
}

function NewsletterTitle() {
  useAdminTitle('مشترکین خبرنامه');
  return <Newsletter headingLevel={1} />;
}

function Newsletter({ headingLevel }: { headingLevel: 1 | 2 }) {
  const [status, setStatus] = useState<SubscriberStatus>('all');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const exportNoteId = useId();
  const list = useSubscribers(status, search);
  const exporter = useExportSubscribers();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // Nobody matches the status and search: there is nothing to export, and the button says why.
  const nothingToExport = list.data?.matching === 0;

  if (list.isError && !list.data) return <ErrorState message={TEXTS.loadFailed} onRetry={() => void list.refetch()} />;
  return (
    <section aria-labelledby="newsletter-heading" className="space-y-4">
      <Heading id="newsletter-heading" className="text-2xl font-bold">مشترکین خبرنامه</Heading>
      <StatGrid label="آمار مشترکین">
        <StatCard label="کل مشترکین" value={list.data?.stats.total} />
        <StatCard label="فعال" value={list.data?.stats.active} tone="green" />
        <StatCard label="غیرفعال" value={list.data?.stats.inactive} tone="amber" />
        <StatCard label="عضویت امروز" value={list.data?.stats.todaySubscriptions} tone="blue" />
      </StatGrid>
      <div className="flex flex-wrap items-end gap-3">
        <div role="search" className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">جستجو در ایمیل و نام</label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
            <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} className={`${inputStyles} ps-9`} />
          </div>
        </div>
        <FilterButtons label="وضعیت مشترکین" value={status} onChange={setStatus} options={FILTERS} />
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => exporter.mutate({ status, search })}
            disabled={exporter.isPending || nothingToExport}
            aria-describedby={nothingToExport ? exportNoteId : undefined}
            className={adminButton.primary}
          >
            <Download aria-hidden="true" className="size-4" />
            خروجی فهرست مشترکان
          </button>
          {nothingToExport && <span id={exportNoteId} className="text-sm text-muted">{NOTHING_TO_EXPORT}</span>}
        </div>
      </div>
      {list.isPending ? <LoadingState label="در حال بارگذاری مشترکین…" /> : <SubscribersTable subscribers={list.data?.subscribers ?? []} />}
      <WaitingSignups headingLevel={headingLevel === 1 ? 2 : 3} />
      <NewsletterMailPanel headingLevel={headingLevel === 1 ? 2 : 3} />
    </section>
  );
}
