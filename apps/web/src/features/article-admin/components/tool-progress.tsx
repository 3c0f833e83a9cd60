import { useEffect, useState } from 'react';
import { CheckCircle2, Circle, LoaderCircle } from '../../../components/icons';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ToolResult } from '../api.ts';
import { stepStatus, TOOL_STEPS, TOOL_TEXT, type ToolKind } from '../progress-steps.ts';

interface ToolProgressProps {
  kind: ToolKind;
  /** The server's answer, once it came. */
  result: ToolResult | null;
  onClose: () => void;
}

/** The progress overlay of spec 02 §4: paced steps while waiting, the server's log after. */
export function ToolProgress({ kind, result, onClose }: ToolProgressProps) {
  const steps = TOOL_STEPS[kind];
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    // The last step keeps running until the server has finished.
    if (result?.success || current >= steps.length - 1) return;
    const timer = setTimeout(() => setCurrent((c) => c + 1), steps[current].ms);
    return () => clearTimeout(timer);
  }, [current, result, steps]);

  return (
    <Dialog open onClose={onClose} title={TOOL_TEXT[kind].title} description={result ? result.message : 'لطفاً صبر کنید…'}>
      <ol aria-live="polite" className="space-y-2">
        {steps.map((step, index) => {
          const status = stepStatus(index, current, result?.success === true);
          const Icon = status === 'completed' ? CheckCircle2 : status === 'running' ? LoaderCircle : Circle;
          return (
            <li key={step.label} data-status={status} className={cn('flex items-center gap-2 text-sm', status === 'pending' && 'text-muted')}>
              <Icon aria-hidden="true" className={cn('size-4', status === 'completed' && 'text-emerald-600', status === 'running' && 'animate-spin text-accent')} />
              {step.label}
              <span className="sr-only">{status === 'completed' ? '(انجام شد)' : status === 'running' ? '(در حال انجام)' : '(در انتظار)'}</span>
            </li>
          );
        })}
      </ol>
      {result && result.process.length > 0 && (
        <details className="mt-4 text-xs text-muted">
          <summary className="cursor-pointer">گزارش سرور</summary>
          <ul className="mt-2 max-h-40 space-y-1 overflow-auto">{result.process.map((line, i) => <li key={i}>{line}</li>)}</ul>
        </details>
      )}
    </Dialog>
  );
}
