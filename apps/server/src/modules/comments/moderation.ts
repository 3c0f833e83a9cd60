import type { AdminComment, DeletedCommentsResponse } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import { bulkMessage, missingWords, noneFound, type BulkNoun } from '../../bulk-answer.ts';
import { notFound } from '../../errors.ts';
import { commentRepo, type AdminCommentRow } from './repo.ts';

const COMMENT_NOT_FOUND = 'نظر مورد نظر یافت نشد';
const RESTORE_NOT_FOUND = 'نظرهای حذف‌شده برای بازگرداندن پیدا نشد';

export interface ModerationResult { success: boolean; message: string; affected: number; deletedIds?: number[]; changedIds?: number[] }

function toAdminComment(row: AdminCommentRow): AdminComment {
  return {
    id: row.id,
    author: row.authorName,
    email: row.authorEmail,
    content: row.content,
    articleId: row.articleId,
    articleTitle: row.articleTitle,
    parentId: row.parentId,
    isApproved: row.isApproved,
    createdAt: row.createdAt.toISOString(),
    replies: [],
  };
}

/**
 * The moderation table (spec 03 §7): newest threads first, replies nested oldest first
 * under their parent; a comment whose parent is not in the list stands on its own.
 */
export async function listCommentsForAdmin(db: Db, opts: { status: 'all' | 'pending' | 'approved'; limit: number }) {
  const approved = opts.status === 'all' ? undefined : opts.status === 'approved';
  const [rows, stats] = await Promise.all([commentRepo.listForAdmin(db, { approved, limit: opts.limit }), commentRepo.stats(db)]);
  const nodes = new Map(rows.map((r) => [r.id, toAdminComment(r)]));
  const roots: AdminComment[] = [];
  for (const row of [...rows].reverse()) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.replies.push(node);
    else roots.unshift(node);
  }
  return { comments: roots, stats };
}

const BULK_APPROVAL_TEXTS = {
  true: { done: (n: string) => `${n} نظر تأیید شد`, wasSo: 'از پیش تأیید شده' },
  false: { done: (n: string, many: boolean) => `تأیید ${n} نظر برداشته شد؛ تا تأیید دوباره روی سایت دیده ${many ? 'نمی‌شوند' : 'نمی‌شود'}`, wasSo: 'از پیش در انتظار تأیید' },
} as const;
const COMMENTS: BulkNoun = { one: 'نظر', linked: 'نظر', any: 'نظری', plural: 'نظرهای' };

/**
 * A bulk approve, or its undo (approvals taken back). The answer names the comments it changed
 * (`changedIds`): the undo takes back those, not the ones that were so before. Ids that name no
 * comment (deleted meanwhile) are said to be missing, not 'already so'.
 */
export async function setCommentsApproved(db: Db, ids: number[], approved: boolean): Promise<ModerationResult> {
  const asked = [...new Set(ids)];
  const changedIds = await commentRepo.setApproved(db, asked, approved);
  const found = changedIds.length === asked.length ? asked.length : await commentRepo.countExisting(db, asked);
  if (!found) throw noneFound(COMMENTS);
  const counts = { changed: changedIds.length, already: found - changedIds.length, missing: asked.length - found };
  return { success: true, affected: changedIds.length, changedIds, message: bulkMessage(COMMENTS, counts, BULK_APPROVAL_TEXTS[`${approved}`]) };
}

/** One comment approved, or taken back to waiting (approved by mistake: off the article page, kept for another look). */
async function setCommentApproved(db: Db, id: number, approved: boolean): Promise<ModerationResult> {
  if ((await commentRepo.setApproved(db, [id], approved)).length) return { success: true, affected: 1, message: APPROVAL_TEXTS[`${approved}`].done };
  if (!(await commentRepo.exists(db, id))) throw notFound(COMMENT_NOT_FOUND);
  return { success: true, affected: 0, message: APPROVAL_TEXTS[`${approved}`].already };
}

const APPROVAL_TEXTS = {
  true: { done: 'نظر تأیید شد', already: 'این نظر از پیش تأیید شده بود' },
  false: { done: 'تأیید نظر برداشته شد؛ نظر تا تأیید دوباره روی سایت دیده نمی‌شود', already: 'این نظر از پیش در انتظار تأیید بود' },
} as const;

export const approveComment = (db: Db, id: number) => setCommentApproved(db, id, true);
export const unapproveComment = (db: Db, id: number) => setCommentApproved(db, id, false);

/** A moderator's delete: the answer names every comment it took (`deletedIds`), for the undo. */
export async function deleteComments(db: Db, ids: number[], by: string | null): Promise<ModerationResult> {
  const deletedIds = await deleteWithReplies(db, ids, by);
  if (!deletedIds.length) throw noneFound(COMMENTS);
  const deleted = new Set(deletedIds);
  const gone = new Set(ids.filter((id) => !deleted.has(id))).size;
  return { success: true, affected: deletedIds.length, deletedIds, message: `${toPersianDigits(deletedIds.length)} نظر حذف شد${missingWords(COMMENTS, gone)}` };
}

export async function deleteComment(db: Db, id: number, by: string | null): Promise<ModerationResult> {
  const deletedIds = await deleteWithReplies(db, [id], by);
  const affected = deletedIds.length;
  if (affected === 0) throw notFound(COMMENT_NOT_FOUND);
  return { success: true, affected, deletedIds, message: affected > 1 ? `نظر و ${toPersianDigits(affected - 1)} پاسخ آن حذف شد` : 'نظر حذف شد' };
}

/** Deletes the comments and every reply below them; they are kept. */
async function deleteWithReplies(db: Db, ids: number[], by: string | null): Promise<number[]> {
  return db.transaction(async (tx) => commentRepo.deleteIds(tx, await commentRepo.withReplies(tx, ids), by));
}

/**
 * Puts deleted comments back under their own ids, as they were (approved or not). A reply brings
 * back the deleted comments above it, or the public page would hide it under a missing parent. One
 * whose article was deleted meanwhile went with it and is not found.
 */
export async function restoreComments(db: Db, ids: number[]): Promise<ModerationResult> {
  const asked = new Set(ids);
  const { restored, parents } = await db.transaction(async (tx) => {
    const above = (await commentRepo.keptAncestorIds(tx, [...asked])).filter((id) => !asked.has(id));
    const back = await commentRepo.restoreIds(tx, [...asked, ...above]);
    return { restored: back, parents: above.filter((id) => back.includes(id)).length };
  });
  if (!restored.length) throw notFound(RESTORE_NOT_FOUND);
  const message = `${toPersianDigits(restored.length - parents)} نظر بازگردانده شد`;
  return {
    success: true,
    affected: restored.length,
    message: parents ? `${message}، همراه ${toPersianDigits(parents)} نظری که پاسخ‌ها زیر آن بودند` : message,
  };
}

/** The deleted comments a moderator can still restore, with when each is purged for good. */
export async function listDeletedComments(db: Db, limit: number, retentionDays: number): Promise<DeletedCommentsResponse> {
  const { rows, total } = await commentRepo.listDeleted(db, limit);
  const retentionMs = retentionDays * 86_400_000;
  return {
    comments: rows.map((row) => ({
      ...row,
      parentId: row.parentId === null ? null : Number(row.parentId),
      createdAt: new Date(row.createdAt).toISOString(),
      deletedAt: row.deletedAt.toISOString(),
      purgeAt: new Date(row.deletedAt.getTime() + retentionMs).toISOString(),
    })),
    total,
    retentionDays,
  };
}
