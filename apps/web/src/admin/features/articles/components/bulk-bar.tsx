import { useState } from 'react';
import { Play } from 'lucide-react';
import type { AdminArticleRow } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { adminButton } from '../../../components/styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Select, type Option } from '../../../components/fields.tsx';
import { useBulkArticles, type BulkAction } from '../api.ts';
import { DeleteWarning } from './delete-warning.tsx';

const BULK_OPTIONS: Option<BulkAction>[] = [
  { value: 'delete', label: 'حذف' },
  { value: 'feature', label: 'ویژه کردن' },
  { value: 'unfeature', label: 'حذف از ویژه' },
  { value: 'publish', label: 'انتشار' },
  { value: 'unpublish', label: 'لغو انتشار' },
];
const LABEL: Record<BulkAction, string> = { delete: 'حذف', feature: 'ویژه کردن', unfeature: 'حذف از ویژه', publish: 'انتشار', unpublish: 'لغو انتشار' };

/** Titles named in the confirmation; the rest are counted. */
const LISTED = 10;

/**
 * Spec 03 §2.3: a bulk action for the selected rows, confirmed with the action's name and the
 * count, and the titles it will change.
 */
export function BulkBar({ selected, onDone, onInvalid }: { selected: AdminArticleRow[]; onDone: () => void; onInvalid: () => void }) {
  const selectedIds = selected.map((row) => row.id);
  const [action, setAction] = useState<BulkAction | ''>('');
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkArticles(() => { onDone(); setAction(''); });
  const run = () => {
    if (!action || selectedIds.length === 0) onInvalid();
    else setConfirming(true);
  };
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-3">
      <p className="me-auto self-center text-sm">
        {selectedIds.length > 0 ? `${formatNumberFa(selectedIds.length)} مقاله انتخاب شده` : 'مقاله‌ای انتخاب نشده'}
      </p>
      <Select label="عملیات گروهی" value={action} onChange={setAction} options={BULK_OPTIONS} placeholder="انتخاب عملیات" />
      <button type="button" onClick={run} disabled={bulk.isPending} className={adminButton.primary}>
        <Play aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        اجرا
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="تأیید عملیات گروهی"
        description={action ? `آیا از ${LABEL[action]} ${formatNumberFa(selectedIds.length)} مقاله اطمینان دارید؟` : ''}
        details={(
          <div className="mt-3 space-y-1 text-sm">
            <ul aria-label="مقاله‌های انتخاب‌شده" className="list-disc space-y-1 ps-5">
              {selected.slice(0, LISTED).map((row) => <li key={row.id}>{row.title}</li>)}
            </ul>
            {selected.length > LISTED && <p className="text-muted">{`و ${formatNumberFa(selected.length - LISTED)} مقالهٔ دیگر`}</p>}
            {action === 'delete' && <DeleteWarning rows={selected} />}
          </div>
        )}
        confirmLabel={action ? LABEL[action] : 'اجرا'}
        destructive={action === 'delete' || action === 'unpublish'}
        onConfirm={() => { if (action) bulk.mutate({ action, articleIds: selectedIds }); }}
      />
    </div>
  );
}
