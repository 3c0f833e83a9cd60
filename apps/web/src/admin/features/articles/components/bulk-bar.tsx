import { useState } from 'react';
import { Play } from 'lucide-react';
import { ADMIN_ARTICLE_MESSAGES, type AdminArticleRow } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { adminButton } from '../../../components/styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Select, type Option } from '../../../components/fields.tsx';
import { useBulkArticles, type BulkAction } from '../api.ts';
import { useCategories } from '../categories.ts';
import { DeleteWarning } from './delete-warning.tsx';

const BULK_OPTIONS: Option<BulkAction>[] = [
  { value: 'delete', label: 'حذف' },
  { value: 'feature', label: 'ویژه کردن' },
  { value: 'unfeature', label: 'حذف از ویژه' },
  { value: 'publish', label: 'انتشار' },
  { value: 'unpublish', label: 'لغو انتشار' },
  { value: 'category', label: 'تغییر دسته‌بندی' },
];
const LABEL: Record<BulkAction, string> = { delete: 'حذف', feature: 'ویژه کردن', unfeature: 'حذف از ویژه', publish: 'انتشار', unpublish: 'لغو انتشار', category: 'انتقال' };

/** Titles named in the confirmation; the rest are counted. */
const LISTED = 10;

/**
 * Spec 03 §2.3: a bulk action for the selected rows, confirmed with the action's name and the
 * count, and the titles it will change.
 */
export function BulkBar({ selected, onDone, onInvalid }: { selected: AdminArticleRow[]; onDone: () => void; onInvalid: () => void }) {
  const selectedIds = selected.map((row) => row.id);
  const [action, setAction] = useState<BulkAction | ''>('');
  const [category, setCategory] = useState('');
  const [needsCategory, setNeedsCategory] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const categories = useCategories();
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.nameEn, label: c.name }));
  const categoryName = categoryOptions.find((c) => c.value === category)?.label ?? '';
  const bulk = useBulkArticles(() => { onDone(); setAction(''); setCategory(''); });
  const run = () => {
    if (!action || selectedIds.length === 0) onInvalid();
    else if (action === 'category' && !category) setNeedsCategory(true);
    else setConfirming(true);
  };
  const question = action === 'category'
    ? `آیا از انتقال ${formatNumberFa(selectedIds.length)} مقاله به دستهٔ «${categoryName}» اطمینان دارید؟`
    : action ? `آیا از ${LABEL[action]} ${formatNumberFa(selectedIds.length)} مقاله اطمینان دارید؟` : '';
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-3">
      <p className="me-auto self-center text-sm">
        {selectedIds.length > 0 ? `${formatNumberFa(selectedIds.length)} مقاله انتخاب شده` : 'مقاله‌ای انتخاب نشده'}
      </p>
      <Select label="عملیات گروهی" value={action} onChange={setAction} options={BULK_OPTIONS} placeholder="انتخاب عملیات" />
      {action === 'category' && (
        <div className="flex flex-col gap-1">
          <Select
            label="دسته‌بندی مقصد"
            value={category}
            onChange={(value) => { setCategory(value); setNeedsCategory(false); }}
            options={categoryOptions}
            placeholder={categories.isError ? 'خطا در بارگذاری دسته‌بندی‌ها' : 'انتخاب دسته‌بندی'}
          />
          {needsCategory && <p role="alert" className="text-xs text-accent">{ADMIN_ARTICLE_MESSAGES.categoryRequired}</p>}
        </div>
      )}
      <button type="button" onClick={run} disabled={bulk.isPending} className={adminButton.primary}>
        <Play aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        اجرا
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="تأیید عملیات گروهی"
        description={question}
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
        onConfirm={() => { if (action) bulk.mutate({ action, articleIds: selectedIds, ...(action === 'category' ? { category } : {}) }); }}
      />
    </div>
  );
}
