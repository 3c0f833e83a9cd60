import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ARTICLE_VERSION_MESSAGES, CSRF_HEADER, type AdminArticle, type AdminArticlesQuery, type AdminArticlesResponse, type BulkArticlesBody, type BulkArticlesResponse,
  type ArticleVersion, type ArticleVersionSummary, type UpdateArticleBody,
} from '@chapar/shared/contracts';
import { withQuery } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { TOAST_TITLES, useAdminAction, useAdminRequest, type AdminRequest } from '../../lib/api.ts';
import { ARTICLE_KEY, ARTICLES_KEY, BLOCKLIST_KEY, DELETED_ARTICLES_KEY } from '../../lib/article-keys.ts';
import { useUndoOperation } from '../../lib/plans.ts';
import { UNDO_TOAST_MS, useDeletedToast } from '../../lib/restore-articles.ts';

export { ARTICLES_KEY };
const articleKey = (id: number) => [...ARTICLE_KEY, id] as const;
const versionsKey = (id: number) => [...ARTICLE_KEY, id, 'versions'] as const;

/** Spec 03 §8 and the server's messages. */
export const ARTICLE_TEXTS = {
  loadFailed: 'خطا در بارگذاری مقالات',
  deleteFailed: 'خطا در حذف مقاله',
  deleted: 'مقاله با موفقیت حذف شد',
  updateFailed: 'خطا در بروزرسانی مقاله',
  // Not in the spec's catalogue: spelt as the dialog's button («به‌روزرسانی»).
  updated: 'مقاله با موفقیت به‌روزرسانی شد',
  bulkFailed: 'خطا در انجام عملیات گروهی',
  regenerateFailed: 'خطا در بازتولید محتوا',
  uploadFailed: 'آپلود فایل موفقیتآمیز نبود. لطفاً دوباره تلاش کنید.',
  publishFailed: 'خطا در تغییر وضعیت انتشار',
  restoreFailed: 'خطا در بازگرداندن نسخه',
  cleanFailed: 'خطا در پاک‌سازی مقاله',
  empty: 'مقاله‌ای یافت نشد',
} as const;

/** The table's page: searched, sorted and paged on the server. */
export function useArticlesPage(params: AdminArticlesQuery) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: [...ARTICLES_KEY, params],
    queryFn: () => request<AdminArticlesResponse>('GET', withQuery('/api/admin/articles', { ...params })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The whole article (any status) for the edit dialog. */
export function useAdminArticle(id: number | null) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: articleKey(id ?? 0),
    queryFn: () => request<AdminArticle>('GET', `/api/admin/articles/${id}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useArticleVersions(id: number, enabled: boolean) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: versionsKey(id),
    queryFn: () => request<{ versions: ArticleVersionSummary[] }>('GET', `/api/admin/articles/${id}/versions`),
    enabled,
    staleTime: 0,
  });
}

/** One version with its fields (the compare view, the restore confirmation); a version never changes. */
export function articleVersionQuery(request: AdminRequest, id: number, versionId: number) {
  return {
    queryKey: [...versionsKey(id), versionId],
    queryFn: () => request<ArticleVersion>('GET', `/api/admin/articles/${id}/versions/${versionId}`),
    staleTime: Infinity,
  };
}

export function useArticleVersion(id: number, versionId: number | null) {
  const request = useAdminRequest();
  return useQuery({ ...articleVersionQuery(request, id, versionId ?? 0), enabled: versionId !== null });
}

const allArticleQueries = [ARTICLES_KEY, ARTICLE_KEY];
// A deleted article goes to the deleted articles, its Telegram post to the blocklist.
const afterDelete = [ARTICLES_KEY, DELETED_ARTICLES_KEY, BLOCKLIST_KEY];

export function useUpdateArticle(onSaved: (article: AdminArticle) => void) {
  return useAdminAction<{ id: number; body: UpdateArticleBody }, AdminArticle>({
    run: (request, { id, body }) => request('PATCH', `/api/admin/articles/${id}`, body),
    success: ARTICLE_TEXTS.updated,
    failure: ARTICLE_TEXTS.updateFailed,
    invalidate: allArticleQueries,
    onSuccess: onSaved,
  });
}

/** Deletes one article; its toast offers to put it back. */
export function useDeleteArticle() {
  const deletedToast = useDeletedToast();
  return useAdminAction<number, { message: string }>({
    run: (request, id) => request('DELETE', `/api/admin/articles/${id}`),
    failure: ARTICLE_TEXTS.deleteFailed,
    invalidate: afterDelete,
    onSuccess: (result, id) => deletedToast(result.message || ARTICLE_TEXTS.deleted, [id]),
  });
}

export type BulkAction = BulkArticlesBody['action'];

/** Featuring has nothing else to put back: its undo is the opposite action. */
const UNFEATURE: Partial<Record<BulkAction, BulkAction>> = { feature: 'unfeature', unfeature: 'feature' };

/**
 * A bulk action; its toast offers «بازگرداندن» for exactly the articles it changed (those already
 * so were not touched): a delete from the deleted articles, a publish, unpublish or category move by
 * undoing its operation (each article back as it was, its unpublish reason too), a feature by the opposite.
 */
export function useBulkArticles(onDone: () => void) {
  const { toast } = useToast();
  const deletedToast = useDeletedToast();
  const undoOperation = useUndoOperation();
  const action = useAdminAction<{ action: BulkAction; articleIds: number[]; category?: string; undo?: boolean }, BulkArticlesResponse>({
    run: (request, { action: kind, articleIds, category }) => request('POST', '/api/admin/articles/bulk', { action: kind, articleIds, ...(category ? { category } : {}) }),
    failure: ARTICLE_TEXTS.bulkFailed,
    invalidate: afterDelete,
    onSuccess: (result, body) => {
      const opposite = UNFEATURE[body.action];
      const { operationId } = result;
      const undo = body.action === 'delete' || body.undo || !result.changedIds.length ? null
        : operationId !== undefined ? () => undoOperation.mutate(operationId)
          : opposite ? () => action.mutate({ action: opposite, articleIds: result.changedIds, undo: true }) : null;
      if (body.action === 'delete') deletedToast(result.message, body.articleIds);
      else if (!undo) toast({ title: TOAST_TITLES.success, description: result.message });
      else toast({ title: TOAST_TITLES.success, description: result.message, durationMs: UNDO_TOAST_MS, action: { label: 'بازگرداندن', onAction: undo } });
      onDone();
    },
  });
  return action;
}

export function usePublishArticle() {
  return useAdminAction<{ id: number; publish: boolean; reason?: string }, { message: string }>({
    run: (request, { id, publish, reason }) => request('POST', `/api/admin/articles/${id}/${publish ? 'publish' : 'unpublish'}`, publish ? undefined : { reason }),
    success: (result) => result.message,
    failure: ARTICLE_TEXTS.publishFailed,
    invalidate: allArticleQueries,
  });
}

/** Spec 03 §7: clean an article of the secondary source. */
export function useCleanArticle(secondarySource: string) {
  return useAdminAction<number, { message?: string }>({
    run: (request, id) => request('POST', `/api/admin/clean-${secondarySource}-article/${id}`),
    success: (result) => result.message ?? 'مقاله پاک‌سازی شد',
    failure: ARTICLE_TEXTS.cleanFailed,
    invalidate: allArticleQueries,
  });
}

export function useRestoreVersion(onRestored: (article: AdminArticle) => void) {
  return useAdminAction<{ id: number; versionId: number }, AdminArticle>({
    run: (request, { id, versionId }) => request('POST', `/api/admin/articles/${id}/versions/${versionId}/restore`),
    success: ARTICLE_VERSION_MESSAGES.restored,
    failure: ARTICLE_TEXTS.restoreFailed,
    invalidate: allArticleQueries,
    onSuccess: onRestored,
  });
}

export interface RegenerateResult {
  regeneratedContent: string;
  /** 'offline' when the rule-based rewriter answered instead of the AI service. */
  rewriter?: 'offline';
  aiUnavailable?: true;
  /** Persian: why the value is the offline rewriter's. */
  message?: string;
}

export function useAiRegenerate() {
  const request = useAdminRequest();
  return (field: 'title' | 'excerpt' | 'metaDescription' | 'content', content: string) =>
    request<RegenerateResult>('POST', '/api/admin/ai-regenerate', { field, content });
}

export interface UploadResult {
  url: string;
  kind: string;
  mimeType: string;
  bytes: number;
  embedHtml: string;
}

/** Multipart upload with progress (XMLHttpRequest: fetch reports no upload progress); `alt` describes an image. */
export function uploadFile(file: File, csrf: string | null, onProgress: (fraction: number) => void, alt = ''): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/upload-file');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => { if (event.lengthComputable) onProgress(event.loaded / event.total); };
    xhr.onload = () => {
      let body: unknown = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as UploadResult);
      else reject(new Error(body && typeof body === 'object' && 'message' in body ? String(body.message) : ARTICLE_TEXTS.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(ARTICLE_TEXTS.uploadFailed));
    const form = new FormData();
    // Before the file: the server reads the fields that precede it.
    if (alt) form.append('alt', alt);
    form.append('file', file);
    xhr.send(form);
  });
}

/** The secondary channel's username, for the 'clean' row action (spec 03 §2.3). */
export function useSecondarySource(): string | null {
  const request = useAdminRequest();
  const channels = useQuery({
    queryKey: ['admin', 'channels'],
    queryFn: () => request<{ channels: { username: string; role: string }[] }>('GET', '/api/admin/channels'),
    staleTime: 5 * 60_000,
  });
  return channels.data?.channels.find((c) => c.role === 'secondary')?.username ?? null;
}

interface RegenerateArticleAnswer { success: boolean; message: string; articleId: number }

/** Rebuilds the article from its Telegram post; fields edited by hand are kept unless overwriteEdits. */
export function useRegenerateArticle(onDone: (answer: RegenerateArticleAnswer) => void) {
  return useAdminAction<{ id: number; overwriteEdits: boolean }, RegenerateArticleAnswer>({
    run: (request, { id, overwriteEdits }) => request('POST', `/api/admin/regenerate-article/${id}`, { overwriteEdits }),
    success: (r) => r.message,
    failure: ARTICLE_TEXTS.regenerateFailed,
    invalidate: allArticleQueries,
    onSuccess: onDone,
  });
}
