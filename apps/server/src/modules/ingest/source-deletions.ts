// Posts a channel check (or an admin's request for named posts) found deleted at their source
// (confirmed by Telegram's own "not found" for the post alone). One is taken off the site at once, kept for undo; more than one in a
// check waits for an editor: an operation 'source-deletions' lists them, changes nothing, and
// its confirmation (the verification job's apply step) reads each post again and unpublishes only
// those Telegram still says are gone: a plan never expires, so its evidence may be old.
import { handle, toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { withOperation } from '../articles/change-log.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { buildPlan, planItem } from '../operations/plans.ts';
import { postStore, type PostRef } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { VERIFY_REASONS } from './verify-source.ts';

export const SOURCE_DELETIONS_KIND = 'source-deletions';

/**
 * Marks the post deleted and takes its article off the site: the post's article, if any, and
 * whether it came down now. An article a plan waiting for an editor lists is left to that plan.
 */
async function unpublishOne(s: Pick<Services, 'db' | 'contentChanged'>, ref: PostRef, operationId: number | null, planned: ReadonlySet<number>): Promise<DeletedPost> {
  const article = await articleAdminRepo.bySource(s.db, ref.source, ref.telegramId);
  if (article && planned.has(article.id)) return { ref, articleId: article.id, unpublished: false };
  await postStore.markDeleted(s.db, ref);
  if (!article) return { ref, articleId: null, unpublished: false };
  if (article.status === 'unpublished' || article.editedFields.includes('status')) return { ref, articleId: article.id, unpublished: false };
  // A check that runs for an operation keeps the change there; the schedule's own check makes one, so the editor can undo it.
  const id = operationId ?? (await operationsRepo.create(s.db, { kind: SOURCE_DELETIONS_KIND, params: { refs: [ref] }, requestedBy: null, status: 'running' })).id;
  const unpublished = await withOperation(id, () => articleAdminRepo.unpublishSource(s.db, ref.source, ref.telegramId));
  if (unpublished) s.contentChanged({ articleIds: [unpublished] });
  if (!operationId) {
    await operationsRepo.log(s.db, id, `پست ${handle(ref.source)}/${fa(ref.telegramId)} در کانال حذف شده است؛ مقالهٔ ${fa(article.id)} از انتشار خارج شد`);
    await operationsRepo.finish(s.db, id, 'success', { total: 1, updated: 1, unpublished: 1 });
  }
  return { ref, articleId: article.id, unpublished: unpublished !== null };
}

/** A post marked deleted now, with its article (if it has one) and whether that came off the site. */
export interface DeletedPost {
  ref: PostRef;
  articleId: number | null;
  unpublished: boolean;
}

/** What became of the deletions found: unpublished now, or waiting in an operation for an editor. */
export interface SettledDeletions {
  /** Posts marked deleted now; their articles, where published, taken off the site. */
  unpublished: DeletedPost[];
  /** The articles taken off the site now. */
  unpublishedArticleIds: number[];
  /** Articles listed in a plan that changes nothing until an editor confirms it. */
  awaiting: Array<{ articleId: number; ref: PostRef }>;
  /** That plan's operation. */
  awaitingOperationId: number | null;
}

/**
 * Settles the deletions one check of `channel` (or one request for named posts) found: one post
 * is taken off at once; more wait in a plan for an editor, unless an earlier plan already lists them.
 */
export async function settleDeletions(s: Pick<Services, 'db' | 'log' | 'contentChanged'>, channel: string, gone: PostRef[], operationId: number | null): Promise<SettledDeletions> {
  if (!gone.length) return { unpublished: [], unpublishedArticleIds: [], awaiting: [], awaitingOperationId: null };
  // A check that sees one of a plan's posts gone (the others' pages answered meanwhile) does not take it down alone.
  const waiting = await operationsRepo.awaitingArticleIds(s.db, SOURCE_DELETIONS_KIND);
  if (gone.length === 1) {
    const unpublished: DeletedPost[] = [];
    for (const ref of gone) unpublished.push(await unpublishOne(s, ref, operationId, waiting));
    const unpublishedArticleIds = unpublished.flatMap((post) => (post.unpublished && post.articleId !== null ? [post.articleId] : []));
    return { unpublished, unpublishedArticleIds, awaiting: [], awaitingOperationId: null };
  }
  const rows = [];
  const awaiting: SettledDeletions['awaiting'] = [];
  for (const ref of gone) {
    const article = await articleAdminRepo.bySource(s.db, ref.source, ref.telegramId);
    if (article && article.status !== 'unpublished' && !article.editedFields.includes('status') && !waiting.has(article.id)) {
      rows.push(article);
      awaiting.push({ articleId: article.id, ref });
    }
  }
  if (!rows.length) return { unpublished: [], unpublishedArticleIds: [], awaiting: [], awaitingOperationId: null };
  const plan = buildPlan(rows.map((a) => planItem(a, 'unpublish', VERIFY_REASONS.deleted)), { exact: true });
  const op = await operationsRepo.create(s.db, {
    kind: SOURCE_DELETIONS_KIND, job: 'repair-articles', params: { scope: { ids: rows.map((a) => a.id) }, actions: ['verify-source'] },
    requestedBy: null, status: 'awaiting', plan,
  });
  await operationsRepo.log(s.db, op.id, `بررسی کانال ${handle(channel)}: ${fa(rows.length)} پست حذف‌شده پیدا شد؛ مقاله‌ها تا تأیید ویراستار منتشر می‌مانند`);
  s.log.warn(`${channel}: ${rows.length} deleted posts wait for an editor's confirmation (operation ${op.id})`);
  return { unpublished: [], unpublishedArticleIds: [], awaiting, awaitingOperationId: op.id };
}

/**
 * What an answer says of posts found deleted at their source: articles taken down, waiting for
 * an editor, or missing from the channel's pages without Telegram saying so for the post alone.
 */
export function deletionWords(unpublishedArticles: number, awaiting: number, unconfirmed = 0): string[] {
  return [
    ...(unpublishedArticles ? [`${fa(unpublishedArticles)} مقاله از انتشار خارج شد، چون پستش در کانال حذف شده است (از «عملیات» بازگرداندنی)`] : []),
    ...(awaiting ? [`${fa(awaiting)} پست در کانال حذف شده است؛ مقاله‌هایشان تا تأیید ویراستار در «عملیات» منتشر می‌مانند`] : []),
    ...(unconfirmed ? [`${fa(unconfirmed)} پست در صفحهٔ کانال نبود و خواندن جداگانه‌اش هم نشد؛ حذف‌شده به حساب نیامد و بررسی بعدی دوباره امتحان می‌کند`] : []),
  ];
}
