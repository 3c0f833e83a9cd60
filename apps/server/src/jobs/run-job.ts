// Runs a batch of jobs of one queue: each job's payload checked, its operation record
// (if any) kept up to date, and its own outcome reported to pg-boss, so one failing post
// is retried alone while the rest of the batch completes.
import type { JobResult, JobWithMetadata } from 'pg-boss';
import { toPersianDigits } from '@chapar/shared/text';
import { withOperation } from '../modules/articles/change-log.ts';
import { failureText } from '../integrations/failure-text.ts';
import { OperationCancelledError, operationReporter } from '../modules/operations/operation-reporter.ts';
import { isPlan } from '../modules/operations/plans.ts';
import { checkedNothing, failedItems, operationsRepo } from '../modules/operations/operations-repo.ts';
import { NOTHING_CHECKED } from '../modules/operations/run-operation.ts';
import { PermanentError, RefusedError } from '../modules/operations/permanent-error.ts';
import type { Services } from '../services.ts';
import { pickServices, type JobDefinition } from './define-job.ts';

export function batchHandler(definition: JobDefinition, services: Services) {
  const { db, log } = services;
  return async (jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> => Promise.all(jobs.map(async (job): Promise<JobResult> => {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      // A payload that does not parse will not parse on a retry either.
      log.error(`${definition.name} ${job.id}: invalid payload: ${parsed.error.message}`);
      return { id: job.id, status: 'deadletter', output: { message: 'invalid payload' } };
    }
    const payload = parsed.data as { operationId?: number };
    let finalAttempt = job.retryCount >= job.retryLimit;
    const operation = operationReporter(db, payload.operationId, log);
    const afterRecord = async (id: number) => {
      await definition.afterRecord?.(id, pickServices(services, definition.uses)).catch((error: Error) => log.warn(`${definition.name} ${job.id}: after its record: ${error.message}`));
    };
    try {
      // Cancelled (or already ended) before this worker took it: nothing to do.
      if (payload.operationId && !(await operationsRepo.start(db, payload.operationId))) {
        return { id: job.id, status: 'completed', output: { cancelled: true } };
      }
      const run = { id: job.id, retryCount: job.retryCount, finalAttempt, signal: job.signal };
      // Article writes inside the handler are kept for the operation's undo (change-log.ts).
      const result = (await withOperation(payload.operationId, () => definition.handler(parsed.data, { services: pickServices(services, definition.uses), job: run, operation }))) ?? {};
      if (payload.operationId && isPlan(result)) {
        // A preview: nothing changed yet; the editor confirms (or not) from the operation.
        await operationsRepo.awaitConfirmation(db, payload.operationId, result.plan);
      } else if (payload.operationId) {
        // A run that finished with items that failed is no success: its record says so, result kept.
        const failed = failedItems(result);
        const unchecked = checkedNothing(result);
        if (failed) await operation.error(`${toPersianDigits(failed)} مورد ناموفق بود`);
        if (unchecked) await operation.error(NOTHING_CHECKED);
        await operationsRepo.finish(db, payload.operationId, failed || unchecked ? 'error' : 'success', result, { completed: true });
        await afterRecord(payload.operationId);
      }
      return { id: job.id, status: 'completed', output: result };
    } catch (error) {
      // English stays in the server log and pg-boss; the operation's record says it in Persian.
      const message = error instanceof Error ? error.message : String(error);
      const said = failureText(error);
      if (error instanceof OperationCancelledError && payload.operationId) {
        // Stopped at an admin's word: the record says so (an error, never a success), kept where it got to.
        await operation.error(said).catch(() => undefined);
        await operationsRepo.finish(db, payload.operationId, 'error', { cancelled: true, message: said }).catch(() => undefined);
        return { id: job.id, status: 'completed', output: { cancelled: true } };
      }
      // Retrying cannot fix it: fail for good now rather than after every backoff.
      const permanent = error instanceof PermanentError;
      finalAttempt ||= permanent;
      log.warn(`${definition.name} ${job.id} attempt ${job.retryCount + 1} failed: ${message}`);
      if (payload.operationId) {
        await operationsRepo.log(db, payload.operationId, said, true).catch(() => undefined);
        if (finalAttempt) {
          await operationsRepo.finish(db, payload.operationId, 'error', { message: said, ...(error instanceof RefusedError ? { refused: true } : {}) }).catch(() => undefined);
          await afterRecord(payload.operationId);
        } else {
          await operation.log(`تلاش دوباره (${toPersianDigits(job.retryCount + 2)} از ${toPersianDigits(job.retryLimit + 1)})`).catch(() => undefined);
        }
      }
      return { id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message } };
    }
  }));
}
