import { useState } from 'react';
import { Play } from 'lucide-react';
import { formatNumberFa } from '@chapar/shared/text';
import { adminButton } from '../../../components/styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Select, type Option } from '../../../components/fields.tsx';
import { useBulkArticles, type BulkAction } from '../api.ts';

const BULK_OPTIONS: Option<BulkAction>[] = [
  { value: 'delete', label: 'حذف' },
  { value: 'feature', label: 'ویژه کردن' },
  { value: 'unfeature', label: 'حذف از ویژه' },
  { value: 'publish', label: 'انتشار' },
  { value: 'unpublish', label: 'خارج کردن از انتشار' },
];
const LABEL: Record<BulkAction, string> = { delete: 'حذف', feature: 'ویژه کردن', unfeature: 'حذف از ویژه', publish: 'انتشار', unpublish: 'خارج کردن از انتشار' };

/** Spec 03 §2.3: a bulk action for the selected rows, confirmed with the action's name and the count. */
export function BulkBar({ selectedIds, onDone, onInvalid }: { selectedIds: number[]; onDone: () => void; onInvalid: () => void }) {
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
        confirmLabel={action ? LABEL[action] : 'اجرا'}
        destructive={action === 'delete' || action === 'unpublish'}
        onConfirm={() => { if (action) bulk.mutate({ action, articleIds: selectedIds }); }}
      />
    </div>
  );
}
