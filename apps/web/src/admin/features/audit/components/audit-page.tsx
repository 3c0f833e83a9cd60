import { useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, ROLE_LABELS, isRole, jobLabel, type AuditEntry } from '@chapar/shared/contracts';
import { formatJalaliDateTime, formatNumberFa } from '@chapar/shared/text';
import { Select } from '../../../components/fields.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useAdminTitle } from '../../../use-admin-title.ts';
import { AUDIT_PAGE_SIZE, useAuditTrail, type AuditFilters } from '../api.ts';
import { AuditChanges } from './audit-changes.tsx';

const ALL = 'all';
const PERIODS = [
  { value: '0', label: 'همهٔ زمان‌ها' },
  { value: '24', label: '۲۴ ساعت گذشته' },
  { value: '168', label: '۷ روز گذشته' },
  { value: '720', label: '۳۰ روز گذشته' },
];

const actionText = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** What the entry was about: the job's name for a started job, else the target's kind and id. */
function Target({ entry }: { entry: AuditEntry }) {
  const kind = typeof entry.details.kind === 'string' ? entry.details.kind : null;
  return (
    <span>
      {kind && <span className="me-1">{jobLabel(kind)}</span>}
      {entry.targetType && <span className="text-muted">{AUDIT_TARGET_LABELS[entry.targetType] ?? entry.targetType}</span>}
      {entry.targetId && ' '}
      {entry.targetId && <bdi dir="ltr" className="font-mono text-xs">{/^\d+$/.test(entry.targetId) ? formatNumberFa(Number(entry.targetId), { useGrouping: false }) : entry.targetId}</bdi>}
    </span>
  );
}

/** The owner's audit trail: who did what, when, from where, with the fields before and after. */
export function AuditPage() {
  useAdminTitle('گزارش کارها');
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', action: '', withinHours: 0, page: 1 });
  const trail = useAuditTrail(filters);
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const data = trail.data;
  const actors = [{ value: ALL, label: 'همه' }, ...(data?.actors ?? []).map((a) => ({ value: a, label: a }))];
  const actions = [{ value: ALL, label: 'همه' }, ...(data?.actions ?? []).map((a) => ({ value: a, label: actionText(a) }))];
  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h1 id="audit-heading" className="text-2xl font-bold">گزارش کارها</h1>
      <p className="text-sm text-muted">هر تغییری که در پنل مدیریت انجام می‌شود با نام انجام‌دهنده، زمان، نشانی و مقدار پیش و پس از تغییر این‌جا ثبت می‌شود. این گزارش از پنل ویرایش‌پذیر نیست.</p>
      <div className="flex flex-wrap gap-3" role="group" aria-label="پالایش گزارش">
        <Select label="انجام‌دهنده" value={filters.actor || ALL} options={actors} onChange={(v) => set({ actor: v === ALL ? '' : v })} />
        <Select label="کار" value={filters.action || ALL} options={actions} onChange={(v) => set({ action: v === ALL ? '' : v })} />
        <Select label="بازه" value={String(filters.withinHours)} options={PERIODS} onChange={(v) => set({ withinHours: Number(v) })} />
      </div>
      <p aria-live="polite" className="text-sm text-muted">{data ? `${formatNumberFa(data.total)} رویداد${trail.isFetching ? ' — در حال به‌روزرسانی…' : ''}` : ''}</p>
      {trail.isPending ? <LoadingState label="در حال بارگذاری گزارش…" />
        : trail.isError ? <ErrorState message="خطا در بارگذاری گزارش کارها" onRetry={() => void trail.refetch()} />
        : !data || data.entries.length === 0 ? <EmptyState>رویدادی با این پالایش ثبت نشده است</EmptyState>
        : (
          <div className="overflow-x-auto rounded-xl border border-border bg-card">
            <table className="admin-cards w-full text-sm">
              <caption className="sr-only">رویدادهای گزارش کارها</caption>
              <thead className="bg-surface">
                <tr>{['زمان', 'انجام‌دهنده', 'کار', 'موضوع', 'نشانی', 'تغییرها'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}</tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id} data-audit-id={entry.id} data-action={entry.action} className="border-t border-border align-top">
                    <td data-label="زمان" className="whitespace-nowrap px-3 py-2">{formatJalaliDateTime(entry.at)}</td>
                    <td data-label="انجام‌دهنده" className="px-3 py-2">
                      <span>
                        {entry.actor ? <bdi>{entry.actor}</bdi> : 'سیستم'}
                        {entry.actorRole && <span className="ms-1 text-xs text-muted">({isRole(entry.actorRole) ? ROLE_LABELS[entry.actorRole] : entry.actorRole})</span>}
                      </span>
                    </td>
                    <td data-label="کار" className="px-3 py-2">{actionText(entry.action)}</td>
                    <td data-label="موضوع" className="px-3 py-2"><Target entry={entry} /></td>
                    <td data-label="نشانی" className="px-3 py-2"><bdi dir="ltr">{entry.ip ?? '—'}</bdi></td>
                    <td data-label="تغییرها" className="min-w-56 px-3 py-2"><AuditChanges entry={entry} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      {data && <Pagination page={data.page} totalPages={Math.ceil(data.total / AUDIT_PAGE_SIZE)} onPage={(page) => setFilters((f) => ({ ...f, page }))} label="صفحه‌های گزارش کارها" />}
    </section>
  );
}
