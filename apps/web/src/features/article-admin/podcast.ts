import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { csrfHeaders } from './api.ts';
export const PODCAST_POLL_MS = 1_000;

export const PODCAST_TOOL_TEXT = {
  make: 'ساخت پادکست',
  remake: 'ساخت دوباره پادکست',
  running: 'در حال ساخت پادکست…',
  done: 'پادکست ساخته شد؛ صفحه تازه می‌شود',
  failed: 'ساخت پادکست ناموفق بود',
} as const;

interface OperationAnswer {
  success: boolean;
  message: string;
  operationId: number;
  status: 'idle' | 'running' | 'success' | 'error';
  detailedReport?: { processed: Array<{ status: string; reason: string }> };
}
interface OperationRecord { status: OperationAnswer['status']; progress: number; errors: string[] }

export type PodcastToolState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'done' }
  | { phase: 'error'; message: string };

/**
 * POST /api/admin/articles/{id}/podcast; a run still going (202) is followed through
 * GET /api/admin/operations/{id} for its progress.
 */
export function usePodcastTool(articleId: number, csrfToken: string | null) {
  const [state, setState] = useState<PodcastToolState>({ phase: 'idle' });
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);
  const run = useCallback(async () => {
    const headers = csrfHeaders(csrfToken);
    setState({ phase: 'running', progress: 0 });
    try {
      const answer = await apiRequest<OperationAnswer>('POST', `/api/admin/articles/${articleId}/podcast`, { headers });
      let status = answer.status;
      let reason = answer.detailedReport?.processed.find((p) => p.status === 'error')?.reason ?? answer.message;
      while (status === 'running' && alive.current) {
        await new Promise((resolve) => setTimeout(resolve, PODCAST_POLL_MS));
        const op = await apiRequest<OperationRecord>('GET', `/api/admin/operations/${answer.operationId}`);
        status = op.status;
        reason = op.errors.at(-1) ?? reason;
        if (alive.current) setState({ phase: 'running', progress: op.progress });
      }
      if (!alive.current) return;
      setState(status === 'success' ? { phase: 'done' } : { phase: 'error', message: reason });
    } catch (error) {
      if (alive.current) setState({ phase: 'error', message: (error as { serverMessage?: string }).serverMessage ?? PODCAST_TOOL_TEXT.failed });
    }
  }, [articleId, csrfToken]);

  return { state, run };
}
