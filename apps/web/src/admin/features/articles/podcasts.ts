import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PODCAST_RECENT_DEFAULT, type OperationResponse } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorText, TOAST_TITLES, useAdminRequest } from '../../lib/api.ts';
import { waitForOperation } from '../../lib/wait-operation.ts';
import { ARTICLES_KEY } from './api.ts';

export const PODCAST_TEXTS = {
  recent: 'ساخت پادکست خبرهای اخیر',
  recentConfirm: (n: number) => `پادکست ${formatNumberFa(n)} خبر منتشرشده اخیر ساخته می‌شود؛ خبرهایی که پادکستشان با متن کنونی یکی است دست نمی‌خورند.`,
  one: (title: string) => `ساخت پادکست «${title}»`,
  running: 'در حال ساخت پادکست',
  failed: 'ساخت پادکست ناموفق بود',
} as const;

export interface PodcastRun {
  label: string;
  progress: number;
}

/**
 * One podcast run at a time from the articles tab: one article's (row action) or the recent
 * articles' (toolbar), followed through its operation to the end, with progress and toasts.
 */
export function usePodcastRuns() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [run, setRun] = useState<PodcastRun | null>(null);

  const start = useCallback(async (label: string, path: string, body?: unknown) => {
    setRun({ label, progress: 0 });
    try {
      const answer = await request<OperationResponse>('POST', path, body);
      let status = answer.status;
      let message = answer.message;
      let failed = answer.detailedReport.processed.filter((p) => p.status === 'error').map((p) => p.reason);
      if (status === 'running') {
        const op = await waitForOperation(request, answer.operationId, (o) => setRun({ label, progress: o.progress }));
        status = op.status;
        const results = (op.results ?? {}) as { made?: number; unchanged?: number; failed?: number };
        message = `${formatNumberFa(results.made ?? 0)} پادکست ساخته شد، ${formatNumberFa(results.unchanged ?? 0)} بدون تغییر`;
        failed = op.errors;
      }
      await queryClient.invalidateQueries({ queryKey: ARTICLES_KEY });
      if (status === 'success') toast({ title: TOAST_TITLES.success, description: message });
      else toast({ title: TOAST_TITLES.error, description: `${PODCAST_TEXTS.failed}${failed.length ? `: ${failed.at(-1)}` : ''}`, variant: 'destructive', durationMs: 8000 });
    } catch (error) {
      toast({ title: TOAST_TITLES.error, description: errorText(error, PODCAST_TEXTS.failed), variant: 'destructive' });
    } finally {
      setRun(null);
    }
  }, [request, queryClient, toast]);

  const makeOne = useCallback((id: number, title: string) => void start(PODCAST_TEXTS.one(title), `/api/admin/articles/${id}/podcast`), [start]);
  const makeRecent = useCallback((latest: number = PODCAST_RECENT_DEFAULT) => void start(PODCAST_TEXTS.recent, '/api/admin/podcasts/recent', { latest }), [start]);
  return { run, makeOne, makeRecent };
}
