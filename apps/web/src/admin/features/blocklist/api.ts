import { useQuery } from '@tanstack/react-query';
import type { BlockedPost } from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { BLOCKLIST_KEY } from '../../lib/article-keys.ts';

/** Spec 03 §9: the blocklist is read again every 30 s. */
export const BLOCKLIST_REFRESH_MS = 30_000;

export const BLOCKLIST_TEXTS = {
  loadFailed: 'خطا در بارگذاری فهرست مسدود',
  failed: 'خطا در ارتباط با سرور',
  empty: 'هیچ پستی در فهرست مسدود نیست',
} as const;

interface Answer { message: string }
type Key = Pick<BlockedPost, 'telegramId' | 'source'>;
const path = ({ telegramId, source }: Key) => `/api/admin/blocked-posts/${telegramId}/${encodeURIComponent(source)}`;

export function useBlockedPosts() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: BLOCKLIST_KEY,
    queryFn: () => request<{ posts: BlockedPost[]; count: number }>('GET', '/api/admin/blocked-posts'),
    refetchInterval: BLOCKLIST_REFRESH_MS,
    staleTime: 0,
  });
}

export function useAllowRegeneration() {
  return useAdminAction<Key, Answer>({
    run: (request, key) => request('POST', `${path(key)}/allow-regeneration`),
    success: (r) => r.message,
    failure: BLOCKLIST_TEXTS.failed,
    invalidate: [BLOCKLIST_KEY],
  });
}

export function useUnblock() {
  return useAdminAction<Key, Answer>({
    run: (request, key) => request('DELETE', path(key)),
    success: (r) => r.message,
    failure: BLOCKLIST_TEXTS.failed,
    invalidate: [BLOCKLIST_KEY],
  });
}
