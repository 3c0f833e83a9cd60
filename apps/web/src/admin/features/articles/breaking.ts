// Marking a published article as breaking news: its notification is pushed to every reader who
// turned breaking-news notifications on (the server's push-breaking job).
import type { BreakingNewsResponse } from '@chapar/shared/contracts';
import { useAdminAction } from '../../lib/api.ts';

export const BREAKING_TEXTS = {
  action: 'خبر فوری',
  title: 'ارسال خبر فوری',
  confirm: 'ارسال اعلان',
  describe: (title: string) => `اعلان «${title}» به‌عنوان خبر فوری برای همهٔ خوانندگانی فرستاده می‌شود که اعلان‌ها را فعال کرده‌اند. هر مقاله فقط یک بار خبر فوری می‌شود.`,
  failed: 'ارسال خبر فوری انجام نشد',
} as const;

export function useBreakingNews() {
  return useAdminAction<number, BreakingNewsResponse>({
    run: (request, id) => request('POST', `/api/admin/articles/${id}/breaking`),
    success: (result) => result.message,
    failure: BREAKING_TEXTS.failed,
  });
}
