// Admin requests that start a job: an operation record is made, the job is queued with
// its id, and the request waits (up to ADMIN_JOB_WAIT_SECONDS) for it to finish, so the
// screens get their result in the answer. A longer run answers 202 with the operation
// id; GET /api/admin/operations/{id} follows it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { OperationResponse, ReportItem } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import type { JobDefinition } from '../../jobs/define-job.ts';
import { operationsRepo, type OperationRow } from './operations-repo.ts';
import type { Services } from './services.ts';

export interface OperationOutcome {
  operation: OperationRow;
  finished: boolean;
  result: Record<string, unknown>;
}

async function waitForOperation(s: Services, id: number, timeoutMs: number): Promise<OperationRow> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const row = await operationsRepo.get(s.db, id);
    if (!row || row.status === 'success' || row.status === 'error' || Date.now() >= deadline) return row!;
    await sleep(delay);
  }
}

export async function runOperation(s: Services, job: JobDefinition, payload: Record<string, unknown>, meta: { kind: string; requestedBy: string | null }): Promise<OperationOutcome> {
  const operation = await operationsRepo.create(s.db, { kind: meta.kind, params: payload, requestedBy: meta.requestedBy });
  await s.jobs.send(job, { ...payload, operationId: operation.id });
  const row = await waitForOperation(s, operation.id, s.config.adminJobWaitMs);
  if (row.status === 'error') {
    const reason = row.errors.at(-1)?.replace(/^\S+ /, '') ?? 'عملیات ناموفق بود';
    throw new AppError('unavailable', `${reason} (عملیات ${row.id})`);
  }
  return { operation: row, finished: row.status === 'success', result: row.result ?? {} };
}

const STILL_RUNNING = 'عملیات هنوز در حال اجراست؛ نتیجه را در فهرست عملیات ببینید';

/** The common answer of processing endpoints; `message` for a finished run. */
export function operationAnswer(outcome: OperationOutcome, message: string): OperationResponse {
  const report = (outcome.result.detailedReport as { processed?: ReportItem[] } | undefined)?.processed ?? [];
  return {
    success: outcome.finished,
    message: outcome.finished ? message : STILL_RUNNING,
    operationId: outcome.operation.id,
    status: outcome.finished ? 'success' : 'running',
    result: outcome.finished ? outcome.result : null,
    detailedReport: { processed: report },
  };
}

export const num = (value: unknown) => (typeof value === 'number' ? value : 0);
