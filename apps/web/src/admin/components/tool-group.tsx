import type { ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { buttonStyles } from '../../components/ui/button-styles.ts';
import { cn } from '../../lib/cn.ts';
import type { JobRequest } from '../lib/operations.ts';

export interface Tool {
  path: string;
  label: string;
  hint?: string;
}

/** A titled group of job buttons (spec 03 §2.3 generate tab groups). */
export function ToolGroup({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-border bg-card p-4">
      <h3 id={`${id}-heading`} className="text-base font-bold">{title}</h3>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** One job's button: busy while its own request runs. */
export function ToolButton({ tool, running, onRun, disabled }: { tool: Tool; running: JobRequest | undefined; onRun: (job: JobRequest) => void; disabled?: boolean }) {
  const busy = running?.path === tool.path;
  return (
    <button
      type="button"
      data-job={tool.path}
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={() => onRun({ path: tool.path })}
      className={cn(buttonStyles.secondary, 'h-auto min-h-10 flex-col items-start justify-center gap-0.5 whitespace-normal text-start')}
    >
      <span className="inline-flex items-center gap-2">
        {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        {tool.label}
      </span>
      {tool.hint && <span className="text-xs font-normal text-muted">{tool.hint}</span>}
    </button>
  );
}
