import { useMutation, useQuery } from '@tanstack/react-query';
import type { Article, VerifyArticlesResponse } from '@chapar/shared/contracts';
import { MAX_ID } from '@chapar/shared/page-reads';
import { toPersianDigits } from '@chapar/shared/text';
import { useToast } from '../../../components/ui/toast.tsx';
import { useShowPlan } from '../../components/plan-host.tsx';
import { errorText, TOAST_TITLES, useAdminRequest } from '../../lib/api.ts';

/** Spec 03 §9 gives three example ids; they are this site's three newest articles, not fixed numbers. */
export const DEFAULT_COUNT = 3;

export function useDefaultIds() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: ['admin', 'verification-defaults'],
    // Persian digits and commas, as an editor would type them (parseIdList reads either).
    queryFn: async () => toPersianDigits((await request<Article[]>('GET', `/api/articles?limit=${DEFAULT_COUNT}`)).map((a) => a.id).join('، ')),
    staleTime: 60_000,
  });
}

/** Spec 03 §5: comma-separated integers; anything not a number is dropped. */
export function parseIdList(text: string): number[] {
  return [...new Set(text.split(/[,،\s]+/)
    .map((part) => part.trim().replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))))
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((n) => n > 0 && n <= MAX_ID))];
}

/** Spec 03 §8: 8 or above excellent (green), 6 or above average (yellow), below weak (red). */
export function scoreTone(score: number): { label: string; className: string } {
  if (score >= 8) return { label: 'عالی', className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200' };
  if (score >= 6) return { label: 'متوسط', className: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200' };
  return { label: 'ضعیف', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' };
}

/** Scores the articles; proposed rewrites open in the plan dialog, where the editor keeps some, all or none. */
export function useVerifyArticles() {
  const request = useAdminRequest();
  const { toast } = useToast();
  const showPlan = useShowPlan();
  return useMutation<VerifyArticlesResponse, unknown, number[]>({
    mutationFn: (articleIds) => request<VerifyArticlesResponse>('POST', '/api/admin/verify-articles', { articleIds }),
    onSuccess: (result) => {
      toast({ title: TOAST_TITLES.success, description: result.message });
      if (result.plan && result.operationId) showPlan({ operationId: result.operationId, name: 'verify-articles', plan: result.plan });
    },
    onError: (error) => toast({ title: TOAST_TITLES.error, description: `خطا در تأیید محتوا: ${errorText(error, 'خطا در ارتباط با سرور')}`, variant: 'destructive' }),
  });
}
