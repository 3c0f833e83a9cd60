import { useQuery } from '@tanstack/react-query';
import type { MonitorStatus } from '@chapar/shared/contracts';
import { useAdminAction, useAdminRequest } from '../../lib/api.ts';
import { MONITOR_KEY, monitorStatusQuery } from '../../lib/monitor-keys.ts';
import { waitForOperation } from '../../lib/wait-operation.ts';

export { MONITOR_KEY };
/** Spec 03 §9: the monitor's status is read every 30 s. */
export const MONITOR_POLL_MS = 30_000;

export const MONITOR_TEXTS = {
  loadFailed: 'خطا در بارگذاری وضعیت پایش خودکار',
  failed: 'خطا در ارتباط با سرور',
  unknownError: 'خطای نامشخص',
} as const;

export function useMonitorStatus() {
  const request = useAdminRequest();
  return useQuery({ ...monitorStatusQuery(request), refetchInterval: MONITOR_POLL_MS });
}

const STILL_RUNNING = 'بررسی در حال اجراست';

interface Toggle { success: boolean; message: string; status: MonitorStatus }

export function useToggleMonitor() {
  return useAdminAction<'start' | 'stop', Toggle>({
    run: (request, action) => request('POST', `/api/admin/auto-monitor/${action}`),
    success: (r) => r.message,
    failure: MONITOR_TEXTS.failed,
    invalidate: [MONITOR_KEY],
  });
}

export interface ForceCheckAnswer {
  success: boolean;
  message: string;
  operationId: number;
  result: { newPosts: number; processedPosts: number; errors: string[] };
}

/** Check now: answered when the check is done, or followed through its operation when the server answers 202. */
export function useForceCheck(onResult: (r: ForceCheckAnswer) => void) {
  return useAdminAction<void, ForceCheckAnswer>({
    run: async (request) => {
      const answer = await request<ForceCheckAnswer>('POST', '/api/admin/auto-monitor/force-check');
      // A check that outlasts the server's wait is answered 202 'still running'; its operation tells the end.
      if (answer.message !== STILL_RUNNING) return answer;
      const op = await waitForOperation(request, answer.operationId);
      const r = op.results ?? {};
      const num = (v: unknown) => (typeof v === 'number' ? v : 0);
      return {
        success: op.status === 'success' && op.errors.length === 0,
        message: op.status === 'success' ? 'بررسی انجام شد' : 'بررسی با خطا انجام شد',
        operationId: op.id,
        result: { newPosts: num(r.newPosts), processedPosts: num(r.processedPosts), errors: op.errors },
      };
    },
    success: (r) => r.message,
    failure: MONITOR_TEXTS.failed,
    invalidate: [MONITOR_KEY],
    onSuccess: onResult,
  });
}
