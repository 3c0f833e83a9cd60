import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsDashboard } from '@chapar/shared/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { pathQuery } from '../../lib/query.ts';

// Same value as CSRF_HEADER in the contracts (importing it would bring zod along).
const CSRF_HEADER = 'x-csrf-token';
/** The header an admin write carries: the session's CSRF token, when there is one. */
export const csrfHeaders = (csrfToken: string | null): Record<string, string> => (csrfToken ? { [CSRF_HEADER]: csrfToken } : {});
/** Spec 02 §9: the dashboard refreshes every 30 s; 5 top articles shown. */
export const DASHBOARD_REFRESH_MS = 30_000;
export const TOP_ARTICLES_SHOWN = 5;

export const ADMIN_ARTICLE_MESSAGES = {
  statsUnavailable: 'آمار در دسترس نیست',
  deleteFailed: 'خطا در حذف',
  deleted: 'مقاله حذف شد',
} as const;

export const dashboardQuery = (articleId: number) => pathQuery<AnalyticsDashboard>(`/api/analytics/dashboard?articleId=${articleId}`);

export const useArticleDashboard = (articleId: number) =>
  useQuery({ ...dashboardQuery(articleId), refetchInterval: DASHBOARD_REFRESH_MS, retry: false });

export interface ToolResult {
  success: boolean;
  process: string[];
  message: string;
  articleId: number;
  newArticleId?: number;
  imageUrl?: string | null;
}

/** POST /api/admin/regenerate-article/{id} {verbose: true} or /api/admin/fix-article-image/{id}. */
export function useArticleTool(articleId: number, csrfToken: string | null) {
  return useMutation({
    mutationFn: (kind: 'regenerate' | 'fixImage') =>
      kind === 'regenerate'
        ? apiRequest<ToolResult>('POST', `/api/admin/regenerate-article/${articleId}`, { body: { verbose: true }, headers: csrfHeaders(csrfToken) })
        : apiRequest<ToolResult>('POST', `/api/admin/fix-article-image/${articleId}`, { headers: csrfHeaders(csrfToken) }),
  });
}

/** DELETE /api/admin/articles/{id}, with the session's CSRF token. */
export function useDeleteArticle(articleId: number, csrfToken: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ success: boolean; message: string }>('DELETE', `/api/admin/articles/${articleId}`, {
      headers: csrfHeaders(csrfToken),
    }),
    // Every list may hold the article: all of it is stale, and each is read again when a
    // page shows it. Nothing is refetched here, or this page would turn into a 404 under
    // the reader before the move home.
    onSuccess: () => {
      void client.invalidateQueries({ refetchType: 'none' });
    },
  });
}
