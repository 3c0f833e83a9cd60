import { useCallback } from 'react';
import { WifiOff } from '../../../components/icons';
import { useToast } from '../../../components/ui/toast.tsx';
import { useOnlineStatus } from '../use-online-status.ts';

export const CONNECTION_MESSAGES = {
  offline: 'اتصال اینترنت قطع شد',
  offlineHint: 'خبرهای ذخیره‌شده همچنان خواندنی‌اند.',
  online: 'اتصال اینترنت برقرار شد',
} as const;

/** Spec 02 §2 item 3 and §4: a banner while offline and a toast on each change. */
export function OfflineBanner() {
  const { toast } = useToast();
  const onChange = useCallback((online: boolean) => {
    toast(online
      ? { title: CONNECTION_MESSAGES.online, durationMs: 3000 }
      : { title: CONNECTION_MESSAGES.offline, description: CONNECTION_MESSAGES.offlineHint, variant: 'destructive', durationMs: 5000 });
  }, [toast]);
  const online = useOnlineStatus(onChange);
  if (online) return null;
  return (
    <div role="status" className="mb-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
      <WifiOff aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <p>شما آفلاین هستید. این صفحه از نسخه ذخیره‌شده نمایش داده می‌شود؛ نظرها، امتیاز و نشانک‌ها پس از اتصال دوباره در دسترس‌اند.</p>
    </div>
  );
}
