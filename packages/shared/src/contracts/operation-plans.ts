// Bulk jobs ask before they change anything (issue: editorial safety): a job's first run only
// plans, the editor sees the plan (what changes, how many, and a circuit breaker when a run
// would take down an unusual share), confirms, and can undo what the confirmed run changed.
import { z } from 'zod';
import { toPersianDigits } from '../text/digits.ts';

/** What will happen to an article when the plan is confirmed. */
export const PLANNED_CHANGES = ['unpublish', 'update', 'rewrite', 'check', 'unchanged', 'not_checked'] as const;
export type PlannedChange = (typeof PLANNED_CHANGES)[number];

export const PLANNED_CHANGE_LABELS: Record<PlannedChange, string> = {
  unpublish: 'از انتشار خارج می‌شود',
  update: 'از پست ویرایش‌شده به‌روز می‌شود',
  rewrite: 'دوباره نوشته می‌شود',
  check: 'بررسی و در صورت نیاز اصلاح می‌شود',
  unchanged: 'بدون تغییر',
  not_checked: 'بررسی نشد',
};

/** What happened to an article in a run: said plainly, green only when the stated change happened. */
export const ITEM_OUTCOMES = ['unpublished', 'fixed', 'unchanged', 'not_checked', 'error'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

export const ITEM_OUTCOME_LABELS: Record<ItemOutcome, string> = {
  unpublished: 'از انتشار خارج شد',
  fixed: 'اصلاح شد',
  unchanged: 'بدون تغییر',
  not_checked: 'بررسی نشد',
  error: 'خطا',
};

/** Fields a text repair may change (ingest/repair-text.ts). */
export const PROPOSED_FIELDS = ['title', 'excerpt', 'content', 'metaDescription'] as const;
export const PROPOSED_FIELD_LABELS: Record<(typeof PROPOSED_FIELDS)[number], string> = {
  title: 'عنوان',
  excerpt: 'خلاصه',
  content: 'متن',
  metaDescription: 'توضیح متا',
};
export const proposedField = z.object({ field: z.enum(PROPOSED_FIELDS), before: z.string(), after: z.string() });
export type ProposedField = z.infer<typeof proposedField>;

export const planItem = z.object({
  articleId: z.number().int(),
  title: z.string(),
  source: z.string().nullable(),
  telegramId: z.number().int().nullable(),
  change: z.enum(PLANNED_CHANGES),
  reason: z.string(),
  /**
   * A proposed rewrite (content verification, the text repairs): the article's title, excerpt and
   * text after it, and its quality score before and after; shown before it replaces the article.
   */
  proposal: z.object({
    title: z.string(), excerpt: z.string(), content: z.string(), before: z.number(), after: z.number(),
    /** The text repairs: each field that changes, before and after (of the body, the part around its first difference). */
    fields: z.array(proposedField).optional(),
  }).optional(),
});
export type PlanItem = z.infer<typeof planItem>;

/** The share of what a run looked at that it may take down without an explicit second look. */
export const BREAKER_SHARE = 0.1;
export const BREAKER_MIN = 5;
export const breakerLimit = (looked: number) => Math.max(BREAKER_MIN, Math.ceil(looked * BREAKER_SHARE));

export const operationPlan = z.object({
  /** Articles the run looked at. */
  looked: z.number().int(),
  /** Articles that will change when confirmed (for a scope plan: that will be worked on). */
  changes: z.number().int(),
  /** True when `items` is exactly what will change; false for a scope whose articles are checked and changed where needed. */
  exact: z.boolean(),
  items: z.array(planItem),
  /** Items left out of the list (it is capped). */
  more: z.number().int(),
  /** An exact plan lists at most PLAN_LISTED changes: articles past them that need the change too, left for a later run. */
  beyond: z.number().int().optional(),
  /** Set when the run would take down more than breakerLimit(looked): confirming then needs acknowledgeBreaker. */
  breaker: z.object({ tripped: z.boolean(), limit: z.number().int(), unpublish: z.number().int() }).nullable(),
});
export type OperationPlan = z.infer<typeof operationPlan>;

/** Articles of a plan that could not be checked (listed or not): what it covers less what it looked at. */
export function notCheckedCount(plan: OperationPlan): number {
  return Math.max(0, plan.items.length + plan.more - plan.looked);
}

/**
 * Reasons counted, the commonest first ('۴۸ مقاله: …؛ ۲ مقاله: …'); past `shown` of them, the rest
 * are counted as reasons ('و ۳ دلیل دیگر'). Said of articles a plan could not check or an undo left.
 */
export function countedReasons(reasons: string[], shown = Infinity): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const words = sorted.slice(0, shown).map(([reason, n]) => `${toPersianDigits(n)} مقاله: ${reason}`);
  if (sorted.length > shown) words.push(`و ${toPersianDigits(sorted.length - shown)} دلیل دیگر`);
  return words.join('؛ ');
}

/** Why articles were not checked: the one reason alone, or the two commonest with their counts. */
export function notCheckedReasons(plan: OperationPlan): string {
  const reasons = plan.items.flatMap((item) => (item.change === 'not_checked' ? [item.reason] : []));
  return new Set(reasons).size === 1 ? reasons[0] : countedReasons(reasons, 2);
}

export const confirmOperationBody = z.object({
  /** The editor has looked at the list although the circuit breaker tripped. */
  acknowledgeBreaker: z.boolean().optional(),
  /** Only these of the plan's articles (proposed rewrites the editor accepted); all when absent. */
  articleIds: z.array(z.number().int().positive()).max(500).optional(),
}).strict().nullish();

export const undoOperationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  restored: z.number().int(),
  skipped: z.array(z.object({ articleId: z.number().int(), reason: z.string() })),
});
export type UndoOperationResponse = z.infer<typeof undoOperationResponse>;

export const PLAN_MESSAGES = {
  notAwaiting: 'این عملیات منتظر تأیید نیست',
  breakerNeedsAck: 'این اجرا بیش از حد معمول مقاله را از انتشار خارج می‌کند؛ فهرست را بررسی و تأیید کنید که دیده‌اید',
  nothingToUndo: 'این عملیات تغییری ندارد که بازگردانده شود',
  notFinished: 'عملیات هنوز پایان نیافته است',
  alreadyUndone: 'تغییرات این عملیات پیش‌تر بازگردانده شده است',
  nothingToConfirm: 'این پیش‌نمایش تغییری ندارد که اجرا شود',
  scopeNotPickable: 'این پیش‌نمایش دامنهٔ عملیات است و روی همهٔ آن اجرا می‌شود؛ نمی‌توان تنها برخی از مقاله‌هایش را برگزید',
} as const;
