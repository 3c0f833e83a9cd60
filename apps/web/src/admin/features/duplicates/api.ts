import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DuplicateCheckResult, OperationRecord, ScanResult } from '@chapar/shared/contracts';
import { DUPLICATE_MESSAGES, duplicateTextTooShort } from '@chapar/shared/contracts';
import { toAsciiDigits } from '@chapar/shared/text';
import { useToast } from '../../../components/ui/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText, TOAST_TITLES, useAdminRequest } from '../../lib/api.ts';
import { waitForOperation } from '../../lib/wait-operation.ts';
import { useDeletedToast } from '../../lib/restore-articles.ts';

export const LAST_SCAN_KEY = ['admin', 'duplicates', 'last-scan'] as const;

export type CheckMethod = 'post' | 'content';

/**
 * Spec 03 §5: a post id is digits only (Persian digits too), without @ and without the
 * channel name, and no bigger than a safe integer; a text needs what the server needs to
 * judge it (the same shared rule).
 */
export function checkInputError(method: CheckMethod, value: string): string | null {
  const text = value.trim();
  if (!text) return DUPLICATE_MESSAGES.required;
  if (method === 'post' && !/^[0-9۰-۹]+$/.test(text)) return DUPLICATE_MESSAGES.postIdFormat;
  if (method === 'post' && Number(toAsciiDigits(text)) > Number.MAX_SAFE_INTEGER) return DUPLICATE_MESSAGES.postIdRange;
  if (method === 'content') return duplicateTextTooShort(text);
  return null;
}

/**
 * Spec 03 §9: colour bands for how likely a duplicate is (80 red, 60 orange, 40 yellow,
 * below green). A 'not a duplicate' said with 95% confidence is a 5% chance: green.
 */
export function confidenceBand(percent: number): { label: string; className: string } {
  if (percent >= 80) return { label: 'بسیار زیاد', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' };
  if (percent >= 60) return { label: 'زیاد', className: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200' };
  if (percent >= 40) return { label: 'متوسط', className: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200' };
  return { label: 'کم', className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200' };
}

/** Percent: how likely the checked story repeats an article (the confidence read for 'duplicate'). */
export const duplicateChance = (result: Pick<DuplicateCheckResult, 'isDuplicate' | 'confidence'>) => (result.isDuplicate ? result.confidence : 100 - result.confidence);

/** Spec 03 §9: scan score bands at 90, 80 and 70. */
export function scanBand(score: number): string {
  if (score >= 0.9) return 'bg-red-100 text-red-800 border-red-300 dark:bg-red-950 dark:text-red-200 dark:border-red-800';
  if (score >= 0.8) return 'bg-orange-100 text-orange-800 border-orange-300 dark:bg-orange-950 dark:text-orange-200 dark:border-orange-800';
  if (score >= 0.7) return 'bg-yellow-100 text-yellow-900 border-yellow-300 dark:bg-yellow-950 dark:text-yellow-200 dark:border-yellow-800';
  return 'bg-green-100 text-green-800 border-green-300 dark:bg-green-950 dark:text-green-200 dark:border-green-800';
}

export const METHOD_LABELS: Record<DuplicateCheckResult['duplicateType'], string> = {
  title_similarity: 'شباهت عنوان',
  keyword_analysis: 'تحلیل متن و کلیدواژه‌ها',
  media_comparison: 'مقایسهٔ تصویر و ویدیو',
  ai_analysis: 'تحلیل معنایی هوش مصنوعی',
};

export const RECOMMENDATION_LABELS: Record<string, string> = {
  keep_original: 'نگه داشتن اصلی، حذف تکراری',
  keep_duplicate: 'نگه داشتن نسخهٔ جدیدتر',
};

export function useCheckDuplicate() {
  const request = useAdminRequest();
  const { toast } = useToast();
  return useMutation<DuplicateCheckResult, unknown, { method: CheckMethod; value: string }>({
    mutationFn: ({ method, value }) => (method === 'post'
      ? request<DuplicateCheckResult>('POST', '/api/admin/check-duplicate-post', { postId: value.trim() })
      : request<DuplicateCheckResult>('POST', '/api/admin/check-duplicate-content', { content: value })),
    onError: (error) => {
      // Refused input (too short, not a number) is shown under the field, not as a toast.
      if (isApiError(error, 400)) return;
      toast({ title: TOAST_TITLES.error, description: `خطا در بررسی: ${errorText(error, 'خطا در ارتباط با سرور')}`, variant: 'destructive' });
    },
  });
}

/** GET: the last scan, kept on the server. */
export function useLastScan() {
  const request = useAdminRequest();
  return useQuery({ queryKey: LAST_SCAN_KEY, queryFn: () => request<ScanResult>('GET', '/api/admin/scan-detailed-duplicates') });
}

/** The server's words for a failure: an API error's message, or the error a finished operation recorded. */
export function failureReason(error: unknown): string {
  const said = isApiError(error) ? error.serverMessage : (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof said === 'string' && said ? said : 'خطا در ارتباط با سرور';
}

/**
 * POST: a full scan; a long one (202) is followed on its operation until it ends. A `quiet` one
 * (the scan after a removal) puts its message in the log only, so the removal's toast and its
 * «بازگرداندن» stay in view (one toast shows at a time).
 */
export function useRunScan(onProgress: (op: OperationRecord) => void) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<ScanResult, unknown, { quiet: boolean } | void>({
    mutationFn: async () => {
      const started = await request<ScanResult>('POST', '/api/admin/scan-detailed-duplicates');
      if (started.status !== 'running' || !started.operationId) return started;
      const op = await waitForOperation(request, started.operationId, onProgress);
      if (op.status === 'error') throw Object.assign(new Error('scan failed'), { serverMessage: op.errors.at(-1) ?? 'اسکن ناموفق بود' });
      return request<ScanResult>('GET', '/api/admin/scan-detailed-duplicates');
    },
    onSuccess: (result, options) => {
      queryClient.setQueryData(LAST_SCAN_KEY, result);
      if (!options?.quiet) toast({ title: TOAST_TITLES.success, description: result.message });
    },
    onError: (error) => toast({ title: TOAST_TITLES.error, description: `خطا در اسکن: ${failureReason(error)}`, variant: 'destructive' }),
  });
}

export function useDeleteDuplicate() {
  const request = useAdminRequest();
  const { toast } = useToast();
  // The removed article is among the deleted ones: its toast restores it, comments, views, ratings and bookmarks included.
  const deleted = useDeletedToast();
  return useMutation<{ message: string }, unknown, { id: number; originalId: number }>({
    mutationFn: ({ id, originalId }) => request('DELETE', `/api/admin/duplicate-article/${id}?originalId=${originalId}`),
    onSuccess: (result, { id }) => deleted(result.message, [id]),
    onError: (error) => toast({ title: TOAST_TITLES.error, description: errorText(error, 'خطا در حذف مقاله'), variant: 'destructive' }),
  });
}
