// The text repairs (excerpt, content, clean) as an exact plan: each article's change computed
// without writing (repair-text.ts), listed with its text after and each changed field before and
// after; once confirmed, each kept article is checked again and written only as the editor saw it.
import type { PlanItem } from '@chapar/shared/contracts';
import type { ArticleRow } from '../articles/admin-repo.ts';
import { scoreArticle } from '../duplicates/quality.ts';
import { planItem } from '../operations/plans.ts';
import { queuePodcast } from '../podcasts/service.ts';
import type { Services } from '../../services.ts';
import { result, type ArticleRepair } from './repair.ts';
import { textFix, writeTextFix, type TextAction, type TextFix } from './repair-text.ts';

/** What the text repairs' exact plan and its confirmed run say of an article. */
export const TEXT_PLAN_REASONS = {
  noChange: 'به اصلاح نیاز ندارد',
  deleted: 'مقاله از پیش حذف شده است',
  editedSince: 'مقاله پس از پیش‌نمایش ویرایش شده است؛ اصلاح اعمال نشد. پیش‌نمایش را دوباره اجرا کنید',
  differs: 'متن مقاله پس از پیش‌نمایش تغییر کرده و اصلاح دیگر همان نیست که دیدید؛ اعمال نشد. پیش‌نمایش را دوباره اجرا کنید',
  noLonger: 'مقاله دیگر به این اصلاح نیاز ندارد؛ تغییری نکرد',
  notProposed: 'این مقاله در پیش‌نمایش نبود؛ تغییری نکرد',
} as const;

type Proposal = NonNullable<PlanItem['proposal']>;

/** A text repair's plan item: what changes, with the text after it and each changed field before and after. */
export function textItem(article: ArticleRow, fix: TextFix): PlanItem {
  const score = (a: { title: string; content: string }) => scoreArticle(a).overallScore;
  return {
    ...planItem(article, 'rewrite', fix.reason),
    proposal: { title: fix.after.title, excerpt: fix.after.excerpt, content: fix.after.content, before: score(article), after: score(fix.after), fields: fix.fields },
  };
}

/**
 * One kept item of a confirmed text plan. Left, and said why, when the article was edited since
 * the preview (`since`: when it was made), no longer needs the repair, or would now change
 * otherwise than the editor saw.
 */
export async function applyTextItem(
  s: Pick<Services, 'db' | 'offlineRewriter' | 'jobs' | 'contentChanged' | 'config' | 'log'>, article: ArticleRow, actions: TextAction[],
  proposed: Proposal | undefined, since: Date | undefined,
): Promise<ArticleRepair> {
  if (!proposed) return result(article, 'skipped', 'not_checked', TEXT_PLAN_REASONS.notProposed);
  if (since && article.updatedAt > since) return result(article, 'skipped', 'unchanged', TEXT_PLAN_REASONS.editedSince);
  const fix = await textFix(s, article, actions);
  if (!fix) return result(article, 'success', 'unchanged', TEXT_PLAN_REASONS.noLonger);
  // Field by field: the stored plan (jsonb) keeps no key order.
  const fields = proposed.fields ?? [];
  const same = proposed.title === fix.after.title && proposed.excerpt === fix.after.excerpt && proposed.content === fix.after.content
    && fields.length === fix.fields.length && fix.fields.every((f, i) => fields[i].field === f.field && fields[i].before === f.before && fields[i].after === f.after);
  if (!same) return result(article, 'skipped', 'unchanged', TEXT_PLAN_REASONS.differs);
  await writeTextFix(s, article, fix);
  s.contentChanged({ articleIds: [article.id] });
  queuePodcast(s, article.id);
  return result(article, 'success', 'fixed', fix.done.join('؛ '));
}
