import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PODCAST_RECENT_DEFAULT, SPEECH_TEXT_MESSAGES, type OperationResponse, type SpeechTextResponse } from '@chapar/shared/contracts';
import { formatNumberFa } from '@chapar/shared/text';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorText, TOAST_TITLES, useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { waitForOperation } from '../../lib/wait-operation.ts';
import { ARTICLES_KEY } from './api.ts';

export const PODCAST_TEXTS = {
  recent: 'ساخت پادکست خبرهای اخیر',
  recentConfirm: (n: number) => `پادکست ${formatNumberFa(n)} خبر منتشرشده اخیر ساخته می‌شود؛ خبرهایی که پادکستشان با متن کنونی یکی است دست نمی‌خورند.`,
  one: (title: string) => `ساخت پادکست «${title}»`,
  running: 'در حال ساخت پادکست',
  failed: 'ساخت پادکست ناموفق بود',
  speechTitle: 'متن پادکست',
  speechHelp: 'پادکست این خبر همین متن را می‌خواند. عددها، تاریخ‌ها و واژه‌های لاتین به فارسی نوشته شده‌اند؛ اگر جایی درست خوانده نمی‌شود، متن را اصلاح و ذخیره کنید و پادکست را دوباره بسازید.',
  speechLoadFailed: 'خطا در بارگذاری متن پادکست',
  speechSaveFailed: 'متن پادکست ذخیره نشد',
  speechResetFailed: 'اصلاح متن پادکست کنار گذاشته نشد',
  save: 'ذخیره اصلاح',
  reset: 'بازگشت به متن خبر',
  remake: 'ساخت دوباره پادکست',
  saveFirst: 'اول اصلاح را ذخیره کنید',
  corrected: (by: string | null) => (by ? `اصلاح‌شده به دست ${by}` : 'اصلاح‌شده به دست مدیر'),
  stale: 'خبر پس از این اصلاح تغییر کرده است؛ متن اصلاح‌شده همچنان خوانده می‌شود. آن را با خبر مقایسه کنید یا به متن خبر برگردید.',
  current: 'پادکست کنونی همین متن را می‌خواند.',
  outdated: 'پادکست کنونی متن دیگری را می‌خواند؛ آن را دوباره بسازید.',
  none: 'این خبر هنوز پادکست ندارد.',
  characters: (n: number) => `${formatNumberFa(n)} نویسه`,
} as const;

const speechTextKey = (id: number) => [...ARTICLES_KEY, 'speech-text', id] as const;

/** The text an article's podcast reads (the editor's correction, or the one made from the article). */
export function useSpeechText(articleId: number) {
  const request = useAdminRequest();
  return useQuery({
    queryKey: speechTextKey(articleId),
    queryFn: () => request<SpeechTextResponse>('GET', `/api/admin/articles/${articleId}/speech-text`),
    staleTime: 0,
  });
}

export function useSaveSpeechText(articleId: number) {
  return useAdminAction<string, SpeechTextResponse>({
    run: (request, text) => request('PUT', `/api/admin/articles/${articleId}/speech-text`, { text }),
    success: SPEECH_TEXT_MESSAGES.saved,
    failure: PODCAST_TEXTS.speechSaveFailed,
    invalidate: [speechTextKey(articleId)],
  });
}

export function useResetSpeechText(articleId: number) {
  return useAdminAction<void, SpeechTextResponse>({
    run: (request) => request('DELETE', `/api/admin/articles/${articleId}/speech-text`),
    success: SPEECH_TEXT_MESSAGES.reset,
    failure: PODCAST_TEXTS.speechResetFailed,
    invalidate: [speechTextKey(articleId)],
  });
}

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
