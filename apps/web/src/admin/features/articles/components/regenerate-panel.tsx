import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { ConfirmDialog } from '../../../components/dialogs.tsx';
import { Checkbox } from '../../../components/fields.tsx';
import { useRegenerateArticle } from '../api.ts';

/**
 * Rebuilding the article from its Telegram post. Fields an admin edited by hand are kept unless
 * the admin asks, here, for them to be replaced too.
 */
export function RegeneratePanel({ articleId, editedFields }: { articleId: number; editedFields: string[] }) {
  const [overwrite, setOverwrite] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateArticle(() => setOverwrite(false));
  return (
    <section aria-labelledby="regenerate-heading" className="mt-6 space-y-3 rounded-lg border border-border p-4">
      <h3 id="regenerate-heading" className="font-bold">بازسازی از پست تلگرام</h3>
      <p className="text-sm text-muted">
        مقاله از روی پست اصلی دوباره ساخته می‌شود. {editedFields.length > 0
          ? 'فیلدهایی که به دست مدیر ویرایش شده‌اند دست نمی‌خورند، مگر اینکه گزینه زیر را بزنید.'
          : 'هیچ فیلدی به دست مدیر ویرایش نشده است.'}
      </p>
      {editedFields.length > 0 && (
        <Checkbox label="ویرایش‌های دستی هم بازنویسی شوند" checked={overwrite} onCheckedChange={setOverwrite}>ویرایش‌های دستی هم بازنویسی شوند</Checkbox>
      )}
      <div>
        <button type="button" onClick={() => setConfirming(true)} disabled={regenerate.isPending} className={buttonStyles.secondary}>
          <RefreshCw aria-hidden="true" className={regenerate.isPending ? 'size-4 animate-spin' : 'size-4'} />
          بازسازی مقاله
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="بازسازی مقاله"
        description={overwrite
          ? 'مقاله از پست اصلی دوباره ساخته می‌شود و ویرایش‌های دستی هم جایگزین می‌شوند. نسخهٔ کنونی در تاریخچه می‌ماند.'
          : 'مقاله از پست اصلی دوباره ساخته می‌شود و ویرایش‌های دستی نگه داشته می‌شوند. نسخهٔ کنونی در تاریخچه می‌ماند.'}
        confirmLabel="بازسازی"
        onConfirm={() => regenerate.mutate({ id: articleId, overwriteEdits: overwrite })}
      />
    </section>
  );
}
