// A bulk job's plan, as the admin answers it (modules/operations/plans.ts on the server): confirm
// it, leave it (nothing changes), or, once it ran, undo what it changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperationPlan, UndoOperationResponse } from '@chapar/shared/contracts';
import { useToast } from '../../components/ui/toast.tsx';
import { errorText, TOAST_TITLES, useAdminAction, useAdminRequest } from './api.ts';
import { OPERATIONS_KEY, type OperationAnswer } from './operation-answer.ts';

export interface PendingPlan {
  operationId: number;
  /** The operation's kind ('check-articles'), for its Persian name. */
  name: string;
  plan: OperationPlan;
}

export const PLAN_TEXTS = {
  confirmFailed: 'اجرای عملیات انجام نشد',
  discarded: 'پیش‌نمایش کنار گذاشته شد؛ چیزی تغییر نکرد',
  discardFailed: 'کنار گذاشتن پیش‌نمایش انجام نشد',
  undoFailed: 'بازگردانی انجام نشد',
  running: 'عملیات آغاز شد؛ پیشرفت آن را در فهرست عملیات ببینید',
} as const;

const ARTICLE_KEYS = [['admin', 'articles'], ['admin', 'article']] as const;

/** Confirms a plan; the answer's message in a toast, and `onDone` with the run's answer (the sync page's results). */
export function useConfirmPlan(onDone?: (answer: OperationAnswer) => void) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation<OperationAnswer, unknown, { id: number; acknowledgeBreaker?: boolean; articleIds?: number[] }>({
    mutationFn: ({ id, ...body }) => request<OperationAnswer>('POST', `/api/admin/operations/${id}/confirm`, body),
    onSuccess: (answer) => {
      for (const queryKey of [OPERATIONS_KEY, ...ARTICLE_KEYS]) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      const running = answer.status === 'running';
      if (answer.success === false && !running) toast({ title: TOAST_TITLES.error, description: answer.message, variant: 'destructive' });
      else toast({ title: TOAST_TITLES.success, description: running ? PLAN_TEXTS.running : answer.message });
      onDone?.(answer);
    },
    onError: (error) => toast({ title: TOAST_TITLES.error, description: errorText(error, PLAN_TEXTS.confirmFailed), variant: 'destructive' }),
  });
}

/** Leaves a plan: its operation ends, nothing changed. */
export function useDiscardPlan() {
  return useAdminAction<number, unknown>({
    run: (request, id) => request('POST', `/api/admin/operations/${id}/cancel`),
    success: PLAN_TEXTS.discarded,
    failure: PLAN_TEXTS.discardFailed,
    invalidate: [[...OPERATIONS_KEY]],
  });
}

/** Puts back every article a finished operation changed; an undo that could put back none says why, as an error. */
export function useUndoOperation() {
  const { toast } = useToast();
  return useAdminAction<number, UndoOperationResponse>({
    run: (request, id) => request('POST', `/api/admin/operations/${id}/undo`),
    onSuccess: (result) => toast(result.success
      ? { title: TOAST_TITLES.success, description: result.message }
      : { title: TOAST_TITLES.error, description: result.message, variant: 'destructive' }),
    failure: PLAN_TEXTS.undoFailed,
    invalidate: [[...OPERATIONS_KEY], ...ARTICLE_KEYS.map((k) => [...k])],
  });
}
