// Spec 02 §4 'Admin progress overlay', shown from the server's own record of the run: the
// operation behind regenerate or fix-image is read while it works, its log lines become the
// steps as they happen and its progress the bar (no fixed timings).

export type ToolKind = 'regenerate' | 'fixImage';
export type StepStatus = 'pending' | 'running' | 'completed' | 'error';

/** The operation kind each tool runs on the server. */
export const TOOL_OPERATION: Readonly<Record<ToolKind, string>> = {
  regenerate: 'regenerate-article',
  fixImage: 'fix-article-image',
};

/** How often the running operation is read. */
export const FOLLOW_MS = 700;

export const TOOL_TEXT: Readonly<Record<ToolKind, { title: string; failed: string }>> = {
  regenerate: { title: 'بازسازی کامل مقاله', failed: '❌ خطا در بازسازی' },
  fixImage: { title: 'پردازش دوباره تصویر', failed: '❌ خطا در پردازش تصویر' },
};

/** After success: the wait before reloading (same id) or moving to the new article. */
export const AFTER_SUCCESS_MS = 2000;
export const MISSING_ID = 'شناسه مقاله موجود نیست';

/** The fields of an operation record the overlay reads. */
export interface FollowedOperation {
  id: number;
  name: string;
  status: 'idle' | 'running' | 'success' | 'error';
  progress: number;
  logs: string[];
  errors: string[];
  params: Record<string, unknown>;
  createdAt: string;
}

/** The record of this article's run: its kind, its article, started no earlier than the click (with slack for clocks). */
export function pickOperation(ops: FollowedOperation[], kind: ToolKind, articleId: number, since: number): FollowedOperation | null {
  return ops.find((op) => op.name === TOOL_OPERATION[kind]
    && ((op.params.scope as { ids?: number[] } | undefined)?.ids ?? []).includes(articleId)
    && Date.parse(op.createdAt) >= since - 30_000) ?? null;
}

const stripTime = (line: string) => line.replace(/^\d{4}-\d\d-\d\dT\S+ /, '');

export interface Step { label: string; status: StepStatus }

/** The steps as the server logged them: done ones completed, the newest running until the run ends. */
export function stepsOf(op: FollowedOperation | null, finishedLines: string[] | null): Step[] {
  if (finishedLines) return finishedLines.map((label) => ({ label, status: 'completed' }));
  if (!op) return [{ label: 'در صف سرور…', status: 'running' }];
  const lines = op.logs.map(stripTime);
  const done = op.status === 'success' || op.status === 'error';
  const steps: Step[] = lines.map((label, i) => ({ label, status: done || i < lines.length - 1 ? 'completed' : 'running' }));
  if (!steps.length) steps.push({ label: op.status === 'idle' ? 'در صف سرور…' : 'آغاز کار…', status: done ? 'completed' : 'running' });
  for (const line of op.errors.map(stripTime)) steps.push({ label: line, status: 'error' });
  return steps;
}
