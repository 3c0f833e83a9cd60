import { useState } from 'react';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { DEFAULT_SUBSCRIBER_SOURCE, SUBSCRIBER_SOURCE_LABELS, type NewsletterSubscriber } from '@chapar/shared/contracts';
import { formatJalaliDate } from '@chapar/shared/text';
import { buttonStyles, focusRing, inputStyles } from '../../../../components/ui/button-styles.ts';
import { cn } from '../../../../lib/cn.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TEXTS, useDeleteSubscriber, useUpdateSubscriber } from '../api.ts';

const iconButton = cn(buttonStyles.iconShape, 'size-9 text-muted hover:bg-surface hover:text-fg');

function NameCell({ subscriber }: { subscriber: NewsletterSubscriber }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(subscriber.name ?? '');
  const update = useUpdateSubscriber();
  if (!editing) {
    return (
      <div className="flex items-center gap-1">
        <span className={subscriber.name ? 'whitespace-nowrap' : 'whitespace-nowrap text-muted'}>{subscriber.name || 'بدون نام'}</span>
        <button type="button" onClick={() => { setName(subscriber.name ?? ''); setEditing(true); }} aria-label={`ویرایش نام ${subscriber.email}`} className={iconButton}>
          <Pencil aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
  const save = () => update.mutate({ id: subscriber.id, name: name.trim() || null }, { onSuccess: () => setEditing(false) });
  return (
    <form onSubmit={(e) => { e.preventDefault(); save(); }} className="flex items-center gap-1">
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Escape') setEditing(false); }}
        aria-label={`نام ${subscriber.email}`}
        autoFocus
        maxLength={120}
        className={cn(inputStyles, 'h-9 w-40')}
      />
      <button type="submit" aria-label="ذخیره نام" disabled={update.isPending} className={iconButton}><Check aria-hidden="true" className="size-4" /></button>
      <button type="button" aria-label="انصراف از ویرایش نام" onClick={() => setEditing(false)} className={iconButton}><X aria-hidden="true" className="size-4" /></button>
    </form>
  );
}

/** Whether the address gets mail: never confirmed, unsubscribed, refused by its server. */
function MailState({ subscriber: s }: { subscriber: NewsletterSubscriber }) {
  const state = s.unsubscribedAt ? 'لغو عضویت کرده' : s.bouncedAt ? 'نشانی برگشتی' : !s.confirmedAt ? 'تأییدنشده' : null;
  if (!state) return null;
  return <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">{state}</span>;
}

/** Spec 03 §2.5's table: email, name (inline edit), status (click toggles), join date, source, delete. */
export function SubscribersTable({ subscribers }: { subscribers: NewsletterSubscriber[] }) {
  const update = useUpdateSubscriber();
  const remove = useDeleteSubscriber();
  const [deleting, setDeleting] = useState<NewsletterSubscriber | null>(null);
  if (subscribers.length === 0) return <EmptyState>{TEXTS.empty}</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="admin-cards w-full text-sm">
        <caption className="sr-only">فهرست مشترکین خبرنامه</caption>
        <thead className="bg-surface">
          <tr>
            {['ایمیل', 'نام', 'وضعیت', 'تاریخ عضویت', 'منبع', 'عملیات'].map((h) => <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-medium text-muted">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {subscribers.map((s) => (
            <tr key={s.id} data-subscriber-id={s.id} className="border-t border-border">
              <td data-label="ایمیل" className="px-3 py-2"><span dir="ltr" className="break-all sm:whitespace-nowrap sm:break-normal">{s.email}</span></td>
              <td data-label="نام" className="min-w-40 px-3 py-2"><NameCell subscriber={s} /></td>
              <td data-label="وضعیت" className="px-3 py-2">
                <span className="inline-flex flex-wrap items-center gap-1">
                  <button
                    type="button"
                    onClick={() => update.mutate({ id: s.id, isActive: !s.isActive })}
                    aria-label={`${s.isActive ? 'فعال' : 'غیرفعال'} — تغییر وضعیت ${s.email}`}
                    className={cn('whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs', focusRing, s.isActive ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-surface text-muted ring-1 ring-border')}
                  >
                    {s.isActive ? 'فعال' : 'غیرفعال'}
                  </button>
                  <MailState subscriber={s} />
                </span>
              </td>
              <td data-label="تاریخ عضویت" className="whitespace-nowrap px-3 py-2">{formatJalaliDate(s.subscribedAt)}</td>
              <td data-label="منبع" className="px-3 py-2"><SourceLabel source={s.source || DEFAULT_SUBSCRIBER_SOURCE} /></td>
              <td data-label="عملیات" className="px-3 py-2">
                <button type="button" onClick={() => setDeleting(s)} aria-label={`حذف ${s.email}`} className={cn(iconButton, 'hover:text-accent')}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => { if (!open) setDeleting(null); }}
        title="حذف مشترک"
        description={deleting ? `آیا از حذف ${deleting.email} از فهرست خبرنامه اطمینان دارید؟` : ''}
        confirmLabel="حذف"
        destructive
        onConfirm={() => { if (deleting) remove.mutate(deleting.id); setDeleting(null); }}
      />
    </div>
  );
}

/** A known source by its Persian name; any other is shown as the identifier it is, isolated. */
function SourceLabel({ source }: { source: string }) {
  const label = SUBSCRIBER_SOURCE_LABELS[source];
  return label ? <>{label}</> : <bdi dir="ltr">{source}</bdi>;
}
