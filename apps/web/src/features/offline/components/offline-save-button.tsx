import { useEffect, useState } from 'react';
import { CloudDownload, CloudOff, LoaderCircle } from '../../../components/icons';
import type { Article } from '@chapar/shared/contracts';
import { focusRing } from '../../../components/ui/button-styles.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { readOfflineRecord, removeArticleOffline, saveArticleOffline } from '../offline-store.ts';

export const OFFLINE_MESSAGES = {
  saved: 'برای خواندن بدون اینترنت ذخیره شد',
  removed: 'نسخه آفلاین حذف شد',
  saveFailed: 'خطا در ذخیره‌سازی',
  removeFailed: 'خطا در حذف',
} as const;

/** Spec 02 §2 item 6: save for offline reading, or remove the saved copy. */
export function OfflineSaveButton({ article, pagePath }: { article: Article; pagePath: string }) {
  const { toast } = useToast();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(readOfflineRecord(article.id) !== null), [article.id]);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (saved) {
        await removeArticleOffline(article, pagePath);
        setSaved(false);
        toast({ title: OFFLINE_MESSAGES.removed, durationMs: 3000 });
      } else {
        await saveArticleOffline(article, pagePath);
        setSaved(true);
        toast({ title: OFFLINE_MESSAGES.saved, durationMs: 3000 });
      }
    } catch (error) {
      console.warn('offline save failed', error);
      toast({ title: saved ? OFFLINE_MESSAGES.removeFailed : OFFLINE_MESSAGES.saveFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const Icon = busy ? LoaderCircle : saved ? CloudOff : CloudDownload;
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      // Unavailable while it works, yet focusable: a disabled button drops the keyboard's focus to <body>.
      aria-disabled={busy || undefined}
      className={cn('js-only inline-flex items-center gap-1 rounded-full px-2 py-0.5 hover:text-accent aria-disabled:opacity-60', focusRing, saved && 'text-accent')}
    >
      <Icon aria-hidden="true" className={cn('size-4', busy && 'animate-spin')} />
      {saved ? 'حذف نسخه آفلاین' : 'ذخیره برای آفلاین'}
    </button>
  );
}
