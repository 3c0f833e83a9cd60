// Bulk jobs plan before they change anything: run with `mode: 'plan'`, a job answers
// `{ plan }` and its operation waits ('awaiting') until an editor confirms it
// (operations-routes.ts), which queues the same job again with `mode: 'apply'`. A plan with
// nothing to confirm does not wait: it ends at once (previewOutcome).
import { breakerLimit, jobLabel, notCheckedCount, notCheckedReasons, type OperationPlan, type PlanItem, type PlannedChange } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import type { ArticleRow } from '../articles/admin-repo.ts';

/** The most items a plan lists; the rest are counted in `more`. */
export const PLAN_LISTED = 500;

export function isPlan(result: Record<string, unknown>): result is { plan: OperationPlan } {
  return typeof result.plan === 'object' && result.plan !== null;
}

export function planItem(article: Pick<ArticleRow, 'id' | 'title' | 'source' | 'telegramId'>, change: PlannedChange, reason: string): PlanItem {
  return { articleId: article.id, title: article.title, source: article.source, telegramId: article.telegramId, change, reason };
}

/**
 * A plan from its items. `exact`: the items marked to change are exactly what the confirmed run
 * changes (verification, the text repairs); otherwise they are the scope the run works on, changing
 * what needs it (`changes`: how many it works on, all of `total` unless said). `beyond`: articles an
 * exact plan found needing the change past the ones it lists, left for a later run.
 */
export function buildPlan(items: PlanItem[], opts: { exact: boolean; looked?: number; total?: number; changes?: number; beyond?: number }): OperationPlan {
  const changing = items.filter((i) => i.change !== 'unchanged' && i.change !== 'not_checked');
  const unpublish = items.filter((i) => i.change === 'unpublish').length;
  const looked = opts.looked ?? items.filter((i) => i.change !== 'not_checked').length;
  const limit = breakerLimit(looked);
  // Changes first, then what was not checked (with its reason), then the unchanged.
  const order: Record<PlannedChange, number> = { unpublish: 0, update: 1, rewrite: 1, check: 1, not_checked: 2, unchanged: 3 };
  const listed = [...items].sort((a, b) => order[a.change] - order[b.change]).slice(0, PLAN_LISTED);
  const total = opts.total ?? items.length;
  return {
    looked,
    changes: opts.exact ? changing.length : (opts.changes ?? opts.total ?? changing.length),
    exact: opts.exact,
    ...(opts.beyond ? { beyond: opts.beyond } : {}),
    items: listed,
    more: Math.max(0, total - listed.length),
    breaker: unpublish ? { tripped: unpublish > limit, limit, unpublish } : null,
  };
}

/** A plan that could check none of its articles is no success: nothing was verified. */
export function planFailed(plan: OperationPlan): boolean {
  return plan.looked === 0 && notCheckedCount(plan) > 0;
}

/** A plan an editor could not confirm: it changes nothing (none needed, or none could be checked). */
export function nothingToConfirm(plan: OperationPlan): boolean {
  return !plan.changes;
}

/**
 * How a plan with nothing to confirm ends, at once rather than waiting for an editor: a success
 * when it checked and found nothing to change, an error when it could check nothing. `checkedNothing`
 * (operations-repo.ts) reads the second from the result's counts.
 */
export function previewOutcome(kind: string, plan: OperationPlan): { status: 'success' | 'error'; message: string; result: Record<string, unknown> } {
  const notChecked = notCheckedCount(plan);
  const message = planMessage(kind, plan);
  return { status: planFailed(plan) ? 'error' : 'success', message, result: { preview: true, message, total: plan.looked + notChecked, notChecked } };
}

/**
 * The answer's message for a plan: the action, the count, and what the editor is asked. Articles
 * that could not be checked come first, with why: 'no change needed' is never said of them.
 */
export function planMessage(kind: string, plan: OperationPlan): string {
  const action = jobLabel(kind);
  const unchecked = notCheckedCount(plan);
  const skipped = unchecked ? `${fa(unchecked)} مقاله بررسی نشد (${notCheckedReasons(plan)})` : '';
  if (!plan.changes) {
    if (!unchecked) return `پیش‌نمایش «${action}»: ${fa(plan.looked)} مقاله بررسی شد و تغییری لازم نیست`;
    if (!plan.looked) return `پیش‌نمایش «${action}» ناموفق بود: هیچ‌یک از ${fa(unchecked)} مقاله بررسی نشد (${notCheckedReasons(plan)})؛ چیزی تغییر نکرد`;
    return `پیش‌نمایش «${action}»: ${skipped}؛ از ${fa(plan.looked)} مقالهٔ بررسی‌شده هیچ‌کدام به تغییر نیاز ندارد`;
  }
  const what = plan.exact ? `${fa(plan.changes)} مقاله تغییر می‌کند` : `${fa(plan.changes)} مقاله بررسی و در صورت نیاز اصلاح می‌شود`;
  const breaker = plan.breaker?.tripped
    ? `؛ هشدار: ${fa(plan.breaker.unpublish)} مقاله از ${fa(plan.looked)} از انتشار خارج می‌شود، بیش از حد معمول (${fa(plan.breaker.limit)})`
    : '';
  const beyond = plan.beyond ? `؛ ${fa(plan.beyond)} مقالهٔ دیگر هم به این اصلاح نیاز دارد که در این پیش‌نمایش نیامد (پس از اجرا دوباره اجرا کنید)` : '';
  return `پیش‌نمایش «${action}»: ${what}${breaker}${beyond}${skipped ? `؛ ${skipped}` : ''}. برای اجرا تأیید کنید`;
}
