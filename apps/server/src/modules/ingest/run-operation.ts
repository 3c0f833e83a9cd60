// Admin requests that start a job: an operation record is made, the job is queued with
// its id, and the request waits (up to ADMIN_JOB_WAIT_SECONDS) for it to finish, so the
// screens get their result in the answer. A longer run answers 202 with the operation
// id; GET /api/admin/operations/{id} follows it. A run that went to its end with items
// that failed answers 200 with success false, status 'error' and the counts; a run that
// could not do its work at all is a 503.
import { setTimeout as sleep } from 'node:timers/promises';
import type { OperationResponse, ReportItem } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import type { JobSpec } from '../../jobs/job-spec.ts';
import { failedItems, operationsRepo, type OperationRow } from './operations-repo.ts';
import type { Services } from './services.ts';

export interface OperationOutcome {
  operation: OperationRow;
  finished: boolean;
  result: Record<string, unknown>;
  /** Items of a finished run that failed; 0 for a clean or unfinished run. */
  failed: number;
  /** An admin cancelled the run before it ended. */
  cancelled: boolean;
}

async function waitForOperation(s: Services, id: number, timeoutMs: number): Promise<OperationRow> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const row = await operationsRepo.get(s.db, id);
    if (!row || row.status === 'success' || row.status === 'error' || Date.now() >= deadline) return row!;
    await sleep(delay);
  }
}

export async function runOperation(s: Services, job: JobSpec, payload: Record<string, unknown>, meta: { kind: string; requestedBy: string | null }): Promise<OperationOutcome> {
  const operation = await operationsRepo.create(s.db, { kind: meta.kind, params: payload, requestedBy: meta.requestedBy });
  await s.jobs.send(job, { ...payload, operationId: operation.id });
  const row = await waitForOperation(s, operation.id, s.config.adminJobWaitMs);
  const failed = failedItems(row.result);
  const cancelled = row.result?.cancelled === true;
  if (row.status === 'error' && !failed && !cancelled) {
    const reason = row.errors.at(-1)?.replace(/^\S+ /, '') ?? 'عملیات ناموفق بود';
    throw new AppError('unavailable', `${reason} (عملیات ${row.id})`);
  }
  const finished = row.status === 'success' || row.status === 'error';
  return { operation: row, finished, result: row.result ?? {}, failed: finished ? failed : 0, cancelled };
}

export const CANCELLED = 'عملیات به درخواست مدیر لغو شد';
const STILL_RUNNING = 'عملیات هنوز در حال اجراست؛ نتیجه را در فهرست عملیات ببینید';

/** The common answer of processing endpoints; `message` for a finished run (it names the failed count). */
export function operationAnswer(outcome: OperationOutcome, message: string): OperationResponse {
  const report = (outcome.result.detailedReport as { processed?: ReportItem[] } | undefined)?.processed ?? [];
  const clean = outcome.finished && outcome.failed === 0 && !outcome.cancelled;
  return {
    success: clean,
    message: outcome.cancelled ? CANCELLED : outcome.finished ? message : STILL_RUNNING,
    operationId: outcome.operation.id,
    status: !outcome.finished ? 'running' : clean ? 'success' : 'error',
    result: outcome.finished ? outcome.result : null,
    detailedReport: { processed: report },
  };
}

export const num = (value: unknown) => (typeof value === 'number' ? value : 0);
