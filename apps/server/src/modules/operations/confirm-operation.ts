// An editor's answer to a plan: confirm it (the job runs again, making the plan's changes) or
// leave it (cancel, operations-routes.ts). A plan whose circuit breaker tripped needs the editor
// to say they looked at the list.
import { PLAN_MESSAGES, type OperationPlan } from '@chapar/shared/contracts';
import { ltr } from '@chapar/shared/text';
import { AppError } from '../../errors.ts';
import { JOB_SPECS } from '../../jobs/specs.ts';
import { operationsRepo } from './operations-repo.ts';
import { CONFIRM_NOT_QUEUED, waitForOutcome, type OperationOutcome } from './run-operation.ts';
import type { Services } from '../../services.ts';

export async function confirmOperation(
  s: Pick<Services, 'config' | 'db' | 'jobs'>, id: number, body: { acknowledgeBreaker?: boolean; articleIds?: number[] }, by: string | null,
): Promise<OperationOutcome> {
  const row = await operationsRepo.get(s.db, id);
  if (!row) throw new AppError('not_found', 'عملیات یافت نشد');
  const spec = row.job ? JOB_SPECS[row.job] : undefined;
  // A preview that found nothing to change ended at once; confirming it is still asking for nothing.
  if (operationsRepo.isFinishedPreview(row)) throw new AppError('bad_request', PLAN_MESSAGES.nothingToConfirm);
  if (row.status !== 'awaiting' || !row.plan || !spec) throw new AppError('conflict', PLAN_MESSAGES.notAwaiting);
  const plan = row.plan as OperationPlan;
  if (plan.breaker?.tripped && !body.acknowledgeBreaker) throw new AppError('conflict', PLAN_MESSAGES.breakerNeedsAck);
  // A scope plan runs over its whole scope: a pick of articles (even none) would be ignored, so it is refused.
  if (!plan.exact && body.articleIds) throw new AppError('bad_request', PLAN_MESSAGES.scopeNotPickable);
  const chosen = body.articleIds ? new Set(body.articleIds) : null;
  // An exact plan makes exactly its listed changes (those the editor kept); a scope plan works on its scope again.
  const planned = plan.exact
    ? plan.items.filter((i) => !['unchanged', 'not_checked'].includes(i.change) && (!chosen || chosen.has(i.articleId))).map((i) => ({ articleId: i.articleId, change: i.change }))
    : undefined;
  if (planned && !planned.length) throw new AppError('bad_request', PLAN_MESSAGES.nothingToConfirm);
  if (!(await operationsRepo.confirm(s.db, id, by))) throw new AppError('conflict', PLAN_MESSAGES.notAwaiting);
  await operationsRepo.log(s.db, id, `پیش‌نمایش${by ? ` توسط ${ltr(by)}` : ''} تأیید شد`);
  await s.jobs.send(spec, { ...row.params, mode: 'apply', ...(planned ? { planned } : {}), operationId: id }).catch(async (error: unknown) => {
    // Not queued: the plan waits for the editor again rather than staying 'queued' for good.
    await operationsRepo.unconfirm(s.db, id, CONFIRM_NOT_QUEUED).catch(() => undefined);
    throw error;
  });
  return waitForOutcome(s, id);
}
