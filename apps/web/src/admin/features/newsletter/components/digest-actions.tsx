import { useState } from 'react';
import { Eye, Send } from 'lucide-react';
import { formatNumberFa } from '@chapar/shared/text';
import { buttonStyles } from '../../../../components/ui/button-styles.ts';
import { AdminDialog, ConfirmDialog } from '../../../components/dialogs.tsx';
import { FilterButtons } from '../../../components/filter-buttons.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { adminButton } from '../../../components/styles.ts';
import { useDigestPreview, useSendNow } from '../digest-api.ts';

const PARTS = [{ value: 'html', label: 'نسخهٔ ایمیل' }, { value: 'text', label: 'نسخهٔ متنی' }] as const;

function PreviewDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const preview = useDigestPreview(open);
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <AdminDialog open={open} onOpenChange={onOpenChange} title="پیش‌نمایش خبرنامه" description={preview.data ? preview.data.subject : undefined} wide>
      {preview.isPending && <LoadingState label="در حال ساختن پیش‌نمایش…" />}
      {preview.isError && <ErrorState message="پیش‌نمایش ساخته نشد" onRetry={() => void preview.refetch()} />}
      {preview.data && (
        <div className="space-y-3">
          <FilterButtons label="بخش نامه" value={part} onChange={setPart} options={PARTS} />
          {preview.data.articleCount === 0 && <p className="text-sm text-muted">مقاله تازه‌ای برای این دوره نیست؛ خبرنامه‌ای با این محتوا فرستاده نمی‌شود.</p>}
          {part === 'html'
            // The mail's own HTML, shut in: no scripts, no access to this page.
            ? <iframe title="نسخهٔ ایمیل خبرنامه" sandbox="" srcDoc={preview.data.html} className="h-[65dvh] w-full rounded-lg border border-border bg-white" />
            : <pre dir="rtl" className="h-[65dvh] overflow-auto whitespace-pre-wrap rounded-lg border border-border bg-surface p-3 font-sans text-sm leading-7">{preview.data.text}</pre>}
        </div>
      )}
    </AdminDialog>
  );
}

/** Preview and 'send now'. */
export function DigestActions({ configured, recipients }: { configured: boolean; recipients: number }) {
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sendNow = useSendNow();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => setPreviewing(true)} className={buttonStyles.secondary}>
        <Eye aria-hidden="true" className="size-4" />
        پیش‌نمایش
      </button>
      <button type="button" onClick={() => setConfirming(true)} disabled={!configured || sendNow.isPending} aria-busy={sendNow.isPending} className={adminButton.primary}>
        <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        ارسال اکنون
      </button>
      {!configured && <span className="text-sm text-muted">تا ارسال ایمیل تنظیم نشود، ارسال ممکن نیست.</span>}
      <PreviewDialog open={previewing} onOpenChange={setPreviewing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="ارسال خبرنامه"
        description={`خبرنامه هم‌اکنون برای ${formatNumberFa(recipients)} نشانی تأییدشده فرستاده شود؟`}
        confirmLabel="ارسال"
        onConfirm={() => { setConfirming(false); sendNow.mutate(); }}
      />
    </div>
  );
}
