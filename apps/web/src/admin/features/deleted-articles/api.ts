import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeletedArticleList, RestoreDeletedResponse } from '@chapar/shared/contracts';
import { withQuery } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { TOAST_TITLES, useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { ARTICLE_KEY, ARTICLES_KEY, BLOCKLIST_KEY, DELETED_ARTICLES_KEY } from '../../lib/article-keys.ts';
import { persianServerText } from '../../lib/persian-text.ts';

export const DELETED_ARTICLES_PAGE_SIZE = 50;

export const DELETED_ARTICLES_TEXTS = {
  loadFailed: 'خطا در بارگذاری مقاله‌های حذف‌شده',
  restoreFailed: 'خطا در بازگرداندن مقاله',
  purgeFailed: 'خطا در حذف همیشگی مقاله',
  purged: 'مقاله برای همیشه حذف شد',
  empty: 'هیچ مقالهٔ حذف‌شده‌ای نیست',
} as const;

// A restore or a purge changes the trash, the articles table (and any open article) and the blocklist.
const affected = [DELETED_ARTICLES_KEY, ARTICLES_KEY, ARTICLE_KEY, BLOCKLIST_KEY];

/** One page of the trash, newest deletion first. */
export function useDeletedArticles(page: number) {
  const request = useAdminRequest();
  const params = { page, limit: DELETED_ARTICLES_PAGE_SIZE };
  return useQuery({
    queryKey: [...DELETED_ARTICLES_KEY, params],
    queryFn: () => request<DeletedArticleList>('GET', withQuery('/api/admin/deleted-articles', params)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * Puts articles back under their own ids. The toast is the server's message; when none came back
 * (all skipped) it is shown as an error, not as a success.
 */
export function useRestoreDeleted(onDone: (result: RestoreDeletedResponse) => void) {
  const { toast } = useToast();
  return useAdminAction<number[], RestoreDeletedResponse>({
    run: (request, articleIds) => request('POST', '/api/admin/deleted-articles/restore', { articleIds }),
    failure: DELETED_ARTICLES_TEXTS.restoreFailed,
    invalidate: affected,
    onSuccess: (result) => {
      const description = persianServerText(result.message);
      toast(result.restored.length === 0
        ? { title: TOAST_TITLES.error, description, variant: 'destructive' }
        : { title: TOAST_TITLES.success, description });
      onDone(result);
    },
  });
}

/** Removes one deleted article for good, with its files. */
export function usePurgeDeleted() {
  return useAdminAction<number, { message: string }>({
    run: (request, id) => request('DELETE', `/api/admin/deleted-articles/${id}`),
    success: (result) => (result.message ? persianServerText(result.message) : DELETED_ARTICLES_TEXTS.purged),
    failure: DELETED_ARTICLES_TEXTS.purgeFailed,
    invalidate: affected,
  });
}
