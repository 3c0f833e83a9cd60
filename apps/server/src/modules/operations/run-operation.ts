// Admin requests that start a job: an operation record is made, the job is queued with
// its id, and the request waits (up to ADMIN_JOB_WAIT_SECONDS) for it to finish, so the
// screens get their result in the answer. A longer run answers 202 with the operation
// id; GET /api/admin/operations/{id} follows it. A run that went to its end with items
// that failed answers 200 with success false, status 'error' and the counts; a run that
// could not do its work at all is a 503, or a 409 when what was asked cannot be done (RefusedError).
import { setTimeout as sleep } from 'node:timers/promises';
import type { OperationPlan, OperationResponse, ReportItem } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import type { JobSpec } from '../../jobs/job-spec.ts';
import { checkedNothing, failedItems, operationsRepo, type OperationRow } from './operations-repo.ts';
import { toPersianDigits } from '@chapar/shared/text';
import { planFailed, planMessage } from './plans.ts';
import type { Services } from '../../services.ts';

export interface OperationOutcome {
  operation: OperationRow;
  /** The run ended (or, for a plan, the plan is ready). */
  finished: boolean;
  result: Record<string, unknown>;
  /** Items of a finished run that failed; 0 for a clean or unfinished run. */
  failed: number;
  /** An admin cancelled the run before it ended. */
  cancelled: boolean;
}

async function waitForOperation(s: Pick<Services, 'db'>, id: number, timeoutMs: number): Promise<OperationRow> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const row = await operationsRepo.get(s.db, id);
    if (!row || ENDED.has(row.status) || Date.now() >= deadline) return row!;
    await sleep(delay);
  }
}

/** A run's first phase is over: it ended, or its plan waits for an editor. */
const ENDED = new Set(['success', 'error', 'awaiting']);

/**
 * Starts `job` as an operation and waits for it. With `plan`, the job only plans (`mode: 'plan'`)
 * and the operation ends 'awaiting' an editor's confirmation (confirmOperation).
 */
export async function runOperation(
  s: Pick<Services, 'config' | 'db' | 'jobs'>, job: JobSpec, payload: Record<string, unknown>, meta: { kind: string; requestedBy: string | null; plan?: boolean },
): Promise<OperationOutcome> {
  const operation = await operationsRepo.create(s.db, { kind: meta.kind, job: job.name, params: payload, requestedBy: meta.requestedBy });
  await s.jobs.send(job, { ...payload, ...(meta.plan ? { mode: 'plan' } : {}), operationId: operation.id }).catch(async (error: unknown) => {
    // The record must not stay 'queued' for a job that never was (the request answers the failure).
    await operationsRepo.notQueued(s.db, operation.id, NOT_QUEUED).catch(() => undefined);
    throw error;
  });
  return waitForOutcome(s, operation.id);
}

/** Logged on a run whose job could not be put in the queue (the database did not answer). */
export const NOT_QUEUED = 'کار به صف کارها نرسید (پایگاه داده پاسخ نداد)؛ عملیات اجرا نشد و چیزی تغییر نکرد';
/** Logged on a confirmed plan whose job could not be put in the queue: it waits for confirmation again. */
export const CONFIRM_NOT_QUEUED = 'کار به صف کارها نرسید (پایگاه داده پاسخ نداد)؛ پیش‌نمایش همچنان منتظر تأیید است';

/** Waits (up to ADMIN_JOB_WAIT_SECONDS) for a queued operation and reads its outcome. */
export async function waitForOutcome(s: Pick<Services, 'config' | 'db'>, id: number): Promise<OperationOutcome> {
  const row = await waitForOperation(s, id, s.config.adminJobWaitMs);
  const failed = failedItems(row.result);
  const cancelled = row.result?.cancelled === true;
  if (row.status === 'error' && !failed && !cancelled && !checkedNothing(row.result)) {
    const reason = row.errors.at(-1)?.replace(/^\S+ /, '') ?? 'عملیات ناموفق بود';
    throw new AppError(row.result?.refused === true ? 'conflict' : 'unavailable', `${reason} (عملیات ${toPersianDigits(row.id)})`);
  }
  const finished = ENDED.has(row.status);
  return { operation: row, finished, result: row.result ?? {}, failed: finished ? failed : 0, cancelled };
}

export const CANCELLED = 'عملیات به درخواست مدیر لغو شد';
/** Said of a run that could check none of its articles. */
export const NOTHING_CHECKED = 'هیچ مقاله‌ای بررسی نشد و چیزی تغییر نکرد';
const STILL_RUNNING = 'عملیات هنوز در حال اجراست؛ نتیجه را در فهرست عملیات ببینید';

/** The common answer of processing endpoints; `message` for a finished run (it names the failed count). */
export function operationAnswer(outcome: OperationOutcome, message: string): OperationResponse {
  const { operation } = outcome;
  if (operation.status === 'awaiting' && operation.plan) {
    const plan = operation.plan as OperationPlan;
    // A plan that could check nothing (its channel not read) is no success, though it waits like any plan.
    return { success: !planFailed(plan), message: planMessage(operation.kind, plan), operationId: operation.id, status: 'awaiting', result: null, detailedReport: { processed: [] }, plan };
  }
  if (operationsRepo.isFinishedPreview(operation)) {
    // A plan with nothing to confirm ended at once: its own message and plan, its real status.
    const plan = operation.plan as OperationPlan;
    const status = operation.status === 'error' ? 'error' : 'success';
    return { success: status === 'success', message: planMessage(operation.kind, plan), operationId: operation.id, status, result: outcome.result, detailedReport: { processed: [] }, plan };
  }
  const report = (outcome.result.detailedReport as { processed?: ReportItem[] } | undefined)?.processed ?? [];
  const clean = outcome.finished && outcome.failed === 0 && !outcome.cancelled && !checkedNothing(outcome.result);
  return {
    success: clean,
    message: outcome.cancelled ? CANCELLED : outcome.finished ? message : STILL_RUNNING,
    operationId: operation.id,
    status: !outcome.finished ? 'running' : clean ? 'success' : 'error',
    result: outcome.finished ? outcome.result : null,
    detailedReport: { processed: report },
  };
}

export const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * A repair run's counts as one honest line: what was looked at, and what happened to each part
 * of it ('۱۰۰ مقاله بررسی شد: ۳ مقاله از انتشار خارج شد، ۲ مقاله اصلاح شد، ۵۰ مقاله بررسی نشد').
 */
export function finishedMessage(r: Record<string, unknown>): string {
  // aiFailed: articles a rewrite left as they were because the AI failed (counted in notChecked too).
  const aiFailed = num(r.aiFailed);
  if (checkedNothing(r)) {
    const why = (r.items as Array<{ message?: string }> | undefined)?.[0]?.message;
    if (num(r.total) === 1 && why) return `مقاله بررسی نشد: ${why}`;
    if (aiFailed === num(r.total)) return `سرویس هوش مصنوعی پاسخ درستی نداد؛ هیچ‌یک از ${toPersianDigits(aiFailed)} مقاله بازنویسی نشد و چیزی تغییر نکرد`;
    return `هیچ‌یک از ${toPersianDigits(num(r.total))} مقاله بررسی نشد و چیزی تغییر نکرد`;
  }
  const fixed = num(r.updated) - num(r.unpublished);
  const unchanged = num(r.total) - num(r.updated) - num(r.notChecked) - num(r.failed);
  const parts = [
    num(r.unpublished) && `${toPersianDigits(num(r.unpublished))} مقاله از انتشار خارج شد`,
    fixed > 0 && `${toPersianDigits(fixed)} مقاله اصلاح شد`,
    aiFailed && `${toPersianDigits(aiFailed)} مقاله دست نخورد، چون سرویس هوش مصنوعی پاسخ درستی نداد`,
    num(r.notChecked) > aiFailed && `${toPersianDigits(num(r.notChecked) - aiFailed)} مقاله بررسی نشد`,
    unchanged > 0 && `${toPersianDigits(unchanged)} مقاله بدون تغییر ماند`,
    num(r.failed) && `${toPersianDigits(num(r.failed))} خطا`,
  ].filter(Boolean);
  return `${toPersianDigits(num(r.total))} مقاله بررسی شد${parts.length ? `: ${parts.join('، ')}` : ''}`;
}
