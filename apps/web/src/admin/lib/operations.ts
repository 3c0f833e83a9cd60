// Admin jobs as operations on the server (spec 03 §2.3 'Operations monitor', §7): the list
// every open admin tab polls, starting a job, cancelling and clearing.
import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { OperationRecord } from '@chapar/shared/contracts';
import { useToast } from '../../components/ui/toast.tsx';
import { useShowPlan } from '../components/plan-host.tsx';
import { errorText, TOAST_TITLES, useAdminAction, useAdminRequest } from './api.ts';
import { OPERATIONS_KEY, type OperationAnswer } from './operation-answer.ts';

export { OPERATIONS_KEY, type OperationAnswer } from './operation-answer.ts';

/** Every open admin tab sees a started operation within this long. */
export const OPERATIONS_POLL_MS = 2_000;
export const OPERATIONS_SHOWN = 30;

export const GENERATE_TEXTS = {
  serverError: 'خطا در ارتباط با سرور',
  running: 'عملیات آغاز شد؛ پیشرفت آن را در فهرست عملیات ببینید',
  cancelFailed: 'لغو عملیات انجام نشد',
  clearFailed: 'پاک کردن عملیات‌ها انجام نشد',
} as const;


export function useOperations() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: OPERATIONS_KEY,
    queryFn: () => request<{ operations: OperationRecord[] }>('GET', `/api/admin/operations?limit=${OPERATIONS_SHOWN}`),
    refetchInterval: OPERATIONS_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

export interface JobRequest {
  /** Under /api/admin/, e.g. 'add-20-recent-posts' or 'watermark-article/12'. */
  path: string;
  body?: unknown;
  /** What the screen calls the job (the sync results panel's title). */
  title?: string;
  /** Error toast text when the server gave no message of its own. */
  failure?: string;
}

/**
 * Starts a job: the answer's message in a success toast, or (a run with failed items, a
 * refusal, a server error) in an error toast. A long run answers at once; the list follows it.
 */
export function useRunJob(onDone?: (answer: OperationAnswer, job: JobRequest) => void) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const showPlan = useShowPlan();
  return useMutation<OperationAnswer, unknown, JobRequest>({
    mutationFn: ({ path, body }) => request<OperationAnswer>('POST', `/api/admin/${path}`, body),
    onMutate: () => { setTimeout(() => void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY }), 300); },
    onSuccess: (answer, job) => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
      // A bulk job's first answer is its plan: nothing changed yet; the dialog asks, and its run answers
      // onDone. A plan with nothing to confirm has already ended: the dialog shows why, with nothing to ask.
      if (answer.plan && answer.operationId) {
        showPlan({ operationId: answer.operationId, name: job.path.replace(/\/\d+$/, ''), plan: answer.plan }, onDone && ((run) => onDone(run, job)));
        return;
      }
      const message = answer.message || (answer.status === 'running' ? GENERATE_TEXTS.running : '');
      if (answer.success === false && answer.status !== 'running') toast({ title: TOAST_TITLES.error, description: message, variant: 'destructive' });
      else toast({ title: TOAST_TITLES.success, description: answer.status === 'running' ? GENERATE_TEXTS.running : message || 'انجام شد' });
      onDone?.(answer, job);
    },
    onError: (error, job) => {
      void queryClient.invalidateQueries({ queryKey: OPERATIONS_KEY });
      toast({ title: TOAST_TITLES.error, description: errorText(error, job.failure ?? GENERATE_TEXTS.serverError), variant: 'destructive' });
    },
  });
}

export function useCancelOperation() {
  return useAdminAction<number, OperationRecord>({
    run: (request, id) => request('POST', `/api/admin/operations/${id}/cancel`),
    success: 'درخواست لغو ثبت شد؛ عملیات پس از مورد جاری متوقف می‌شود',
    failure: GENERATE_TEXTS.cancelFailed,
    invalidate: [[...OPERATIONS_KEY]],
  });
}

export function useClearOperations() {
  return useAdminAction<void, { message: string }>({
    run: (request) => request('DELETE', '/api/admin/operations'),
    success: (result) => result.message,
    failure: GENERATE_TEXTS.clearFailed,
    invalidate: [[...OPERATIONS_KEY]],
  });
}

/** The secondary channel's username (its clean tools carry the name), when the channels are readable. */
export function useSecondaryChannel() {
  const request = useAdminRequest();
  return useQuery({
    queryKey: ['admin', 'channels', 'secondary'],
    queryFn: async () => {
      const { channels } = await request<{ channels: Array<{ username: string; role: string; isActive: boolean }> }>('GET', '/api/admin/channels');
      return channels.find((c) => c.role === 'secondary')?.username ?? null;
    },
    staleTime: 60_000,
    retry: false,
  });
}
