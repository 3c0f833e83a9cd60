// Undo of an operation: every article it changed goes back to how it was before the run
// (change-log.ts kept it), in one action, field by field: a field edited after the run stays as
// the editor left it and is named; an article whose every changed field was edited since, or that
// was deleted, is left alone and listed. The state undone becomes a version, so an undo can be undone.
import { TransactionRollbackError } from 'drizzle-orm';
import { ARTICLE_FIELD_LABELS, countedReasons, PLAN_MESSAGES, type UndoOperationResponse } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { AppError, notFound } from '../../errors.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import type { Services } from '../../services.ts';
import { queuePodcast } from '../podcasts/service.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { changedSinceRun, changeRepo, fromSnapshot, undoPatch, type KeptField } from './change-log.ts';
import type { ArticleRow } from './article-row.ts';
import { derivedFields } from './derived-fields.ts';
import { changedFields, withFields } from './edit-protection.ts';
import { versionFields, versionRepo } from './versions.ts';
import { reattachShown } from '../media/post-media.ts';

type UndoOperationDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

export async function undoOperation(s: UndoOperationDeps, id: number, by: string): Promise<UndoOperationResponse> {
  const operation = await operationsRepo.get(s.db, id);
  if (!operation) throw notFound('عملیات یافت نشد');
  if (operation.undoneAt) throw new AppError('conflict', PLAN_MESSAGES.alreadyUndone);
  if (!operation.finishedAt || !['success', 'error'].includes(operation.status)) throw new AppError('conflict', PLAN_MESSAGES.notFinished);
  const changes = await changeRepo.pending(s.db, id);
  if (!changes.length) throw new AppError('conflict', PLAN_MESSAGES.nothingToUndo);

  const skipped: UndoOperationResponse['skipped'] = [];
  const restored: number[] = [];
  // Articles put back in part: a field edited after the run stays as the editor left it.
  const partly: string[] = [];
  for (const change of changes) {
    const current = await articleAdminRepo.byId(s.db, change.articleId);
    if (!current) {
      skipped.push({ articleId: change.articleId, reason: 'مقاله پس از این عملیات حذف شده است' });
      continue;
    }
    const put = whatGoesBack(current, change, operation.finishedAt);
    if (!put) {
      skipped.push({ articleId: current.id, reason: 'مقاله پس از این عملیات دوباره تغییر کرده است؛ دست نخورد' });
      continue;
    }
    if (put.editedSince.length) partly.push(`${fa(current.id)} (${put.editedSince.map((f) => FIELD_NAMES[f] ?? f).join('، ')})`);
    const before = put.patch;
    const textChanged = changedFields(current, versionFields({ ...current, ...before })).length > 0;
    // The editor chose this article's state: a later check leaves its publishing as it is now.
    const statusBack = before.status !== undefined && before.status !== current.status;
    const back = await s.db.transaction(async (tx) => {
      if (textChanged) await versionRepo.keep(tx, current, { action: 'restore', changed: changedFields(current, versionFields({ ...current, ...before })), by });
      const saved = await articleAdminRepo.saveEdit(tx, current.id, {
        ...before,
        ...(statusBack ? { editedFields: withFields(current.editedFields, ['status']) } : {}),
        updatedAt: new Date(),
      }, current.updatedAt);
      // Saved by someone else since it was read above: nothing of this article is written.
      if (!saved) tx.rollback();
      return saved;
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return undefined;
      throw error;
    });
    if (!back) {
      skipped.push({ articleId: current.id, reason: 'مقاله در همین لحظه دوباره تغییر کرد؛ دست نخورد' });
      continue;
    }
    // The pictures the run took off come back with the text that shows them.
    await reattachShown(s.db, back);
    await changeRepo.markUndone(s.db, change.id);
    if (textChanged) queuePodcast(s, current.id);
    restored.push(current.id);
  }
  // Nothing came back: the operation is not undone, and another try says the same.
  if (!restored.length) {
    return { success: false, message: `هیچ مقاله‌ای بازگردانده نشد؛ ${countedReasons(skipped.map((item) => item.reason))}`, restored: 0, skipped };
  }
  await operationsRepo.markUndone(s.db, id, by);
  const kept = partly.length ? `؛ آنچه پس از عملیات ویرایش شده بود دست نخورد: مقالهٔ ${partly.join('، ')}` : '';
  await operationsRepo.log(s.db, id, `بازگردانی: ${fa(restored.length)} مقاله به حالت پیش از عملیات برگشت${skipped.length ? `، ${fa(skipped.length)} مقاله دست نخورد` : ''}${kept}`);
  s.contentChanged({ articleIds: restored });
  return {
    success: true,
    message: `${fa(restored.length)} مقاله به حالت پیش از عملیات بازگردانده شد${skipped.length ? `؛ ${fa(skipped.length)} مقاله دست نخورد` : ''}${kept}`,
    restored: restored.length,
    skipped,
  };
}

const TEXT_FIELDS = ['title', 'excerpt', 'content', 'keywords', 'category', 'imageUrl', 'videoUrl'] as const;

/** Persian names of the fields an undo may leave as an editor left them. */
const FIELD_NAMES: Partial<Record<KeptField, string>> = {
  ...ARTICLE_FIELD_LABELS, unpublishedReason: 'دلیل خروج از انتشار', unpublishedAt: 'زمان خروج از انتشار', publishedAt: 'زمان انتشار',
  imageAltText: 'متن جایگزین تصویر', videoPosterUrl: 'تصویر پیش‌نمایش ویدیو', videoDuration: 'مدت ویدیو',
};

/**
 * The fields a change puts back, with the columns computed from them; null when nothing can come
 * back. A change kept with what the job left goes back field by field (undoPatch); an older one
 * without it goes back whole, unless the article was written after the run.
 */
function whatGoesBack(current: ArticleRow, change: { before: Record<string, unknown>; after: Record<string, unknown> | null }, runEnd: Date) {
  if (!change.after) return changedSinceRun(current, change, runEnd) ? null : { patch: fromSnapshot(change.before), editedSince: [] as KeptField[] };
  const put = undoPatch(current, { before: change.before, after: change.after });
  if (!put) return null;
  const { contentHash, imageHash, ...fields } = put.patch;
  // Only the text the computed columns are made of brings them along (an unpublish undone touches none).
  const derived = TEXT_FIELDS.some((field) => field in fields) ? derivedFields({ ...current, ...fields }) : {};
  return { patch: { ...fields, ...derived, ...(contentHash !== undefined ? { contentHash } : {}), ...(imageHash !== undefined ? { imageHash } : {}) }, editedSince: put.editedSince };
}
