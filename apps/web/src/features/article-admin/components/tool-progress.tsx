import { useEffect, useState } from 'react';
import { AlertCircle as XCircle, CheckCircle2, Circle, LoaderCircle } from '../../../components/icons';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { ToolResult } from '../api.ts';
import { FOLLOW_MS, pickOperation, stepsOf, TOOL_OPERATION, TOOL_TEXT, type FollowedOperation, type ToolKind } from '../progress-steps.ts';

interface ToolProgressProps {
  kind: ToolKind;
  articleId: number;
  /** When the admin started the tool (ms). */
  since: number;
  /** The server's answer, once it came. */
  result: ToolResult | null;
  onClose: () => void;
}

/** Reads the run's operation record until it ends: its log lines and progress as they happen. */
function useFollowedOperation(kind: ToolKind, articleId: number, since: number, done: boolean): FollowedOperation | null {
  const [op, setOp] = useState<FollowedOperation | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const { operations } = await apiRequest<{ operations: FollowedOperation[] }>('GET', `/api/admin/operations?limit=5&name=${TOOL_OPERATION[kind]}`);
        const found = pickOperation(operations, kind, articleId, since);
        if (!stopped && found) setOp(found);
        if (found && (found.status === 'success' || found.status === 'error')) return;
      } catch {
        // A missed reading: the next one follows.
      }
      if (!stopped && !done) timer = setTimeout(() => void read(), FOLLOW_MS);
    };
    void read();
    return () => { stopped = true; clearTimeout(timer); };
  }, [kind, articleId, since, done]);
  return op;
}

/** The progress overlay of spec 02 §4, fed by the server's record of the run. */
export function ToolProgress({ kind, articleId, since, result, onClose }: ToolProgressProps) {
  const finished = result?.success === true;
  const op = useFollowedOperation(kind, articleId, since, finished);
  const steps = stepsOf(op, finished && !op?.logs.length ? result.process : null);
  const progress = finished ? 100 : op?.progress ?? 0;
  return (
    <Dialog open onClose={onClose} title={TOOL_TEXT[kind].title} description={result ? result.message : 'لطفاً صبر کنید…'}>
      <div
        role="progressbar"
        aria-label="پیشرفت کار روی سرور"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mb-3 h-2 overflow-hidden rounded-full bg-surface"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-500" style={{ width: `${progress}%` }} />
      </div>
      <ol aria-live="polite" className="max-h-72 space-y-2 overflow-y-auto" data-operation-id={op?.id}>
        {steps.map((step, index) => {
          const Icon = step.status === 'completed' ? CheckCircle2 : step.status === 'running' ? LoaderCircle : step.status === 'error' ? XCircle : Circle;
          return (
            <li key={index} data-status={step.status} className={cn('flex items-start gap-2 text-sm', step.status === 'pending' && 'text-muted', step.status === 'error' && 'text-red-700 dark:text-red-300')}>
              <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', step.status === 'completed' && 'text-emerald-600', step.status === 'running' && 'animate-spin text-accent')} />
              <span className="break-words">{step.label}</span>
              <span className="sr-only">{step.status === 'completed' ? '(انجام شد)' : step.status === 'running' ? '(در حال انجام)' : step.status === 'error' ? '(خطا)' : '(در انتظار)'}</span>
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}
