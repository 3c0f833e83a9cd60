import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeletedArticleList } from '@chapar/shared/contracts';
import { withQuery } from '../../../lib/api-client.ts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { DELETED_ARTICLES_KEY } from '../../lib/article-keys.ts';
import { AFTER_RESTORE } from '../../lib/restore-articles.ts';
import { persianServerText } from '../../lib/persian-text.ts';

export const DELETED_ARTICLES_PAGE_SIZE = 50;

export const DELETED_ARTICLES_TEXTS = {
  loadFailed: 'خطا در بارگذاری مقاله‌های حذف‌شده',
  purgeFailed: 'خطا در حذف همیشگی مقاله',
  purged: 'مقاله برای همیشه حذف شد',
  empty: 'هیچ مقالهٔ حذف‌شده‌ای نیست',
} as const;

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

/** Removes one deleted article for good, with its files. */
export function usePurgeDeleted() {
  return useAdminAction<number, { message: string }>({
    run: (request, id) => request('DELETE', `/api/admin/deleted-articles/${id}`),
    success: (result) => (result.message ? persianServerText(result.message) : DELETED_ARTICLES_TEXTS.purged),
    failure: DELETED_ARTICLES_TEXTS.purgeFailed,
    invalidate: AFTER_RESTORE,
  });
}
