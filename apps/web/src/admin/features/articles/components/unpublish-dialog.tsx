import { useId, useRef, useState } from 'react';
import type { AdminArticleRow } from '@chapar/shared/contracts';
import { buttonStyles, inputStyles } from '../../../../components/ui/button-styles.ts';
import { adminButton } from '../../../components/styles.ts';
import { AdminDialog } from '../../../components/dialogs.tsx';

/** Taking an article down, with an optional reason shown in the table. */
export function UnpublishDialog({ article, onClose, onConfirm }: { article: AdminArticleRow | null; onClose: () => void; onConfirm: (reason?: string) => void }) {
  const [reason, setReason] = useState('');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <AdminDialog
      open={article !== null}
      onOpenChange={(open) => { if (!open) { onClose(); setReason(''); } }}
      title="لغو انتشار مقاله"
      initialFocus={field}
      description={article ? `مقاله «${article.title}» از سایت برداشته می‌شود و بعداً می‌توانید دوباره منتشرش کنید.` : undefined}
    >
      <form onSubmit={(event) => { event.preventDefault(); onConfirm(reason.trim() || undefined); setReason(''); }} className="space-y-4">
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium">دلیل (اختیاری)</label>
          <textarea ref={field} id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} className={inputStyles} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => { onClose(); setReason(''); }} className={buttonStyles.secondary}>انصراف</button>
          <button type="submit" className={adminButton.primary}>لغو انتشار</button>
        </div>
      </form>
    </AdminDialog>
  );
}
