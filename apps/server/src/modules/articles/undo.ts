// Undo of an operation: every article it changed goes back to how it was before the run
// (change-log.ts kept it), in one action. An article edited again after the run, or deleted
// since, is left alone and listed. The state undone becomes a version, so an undo can be undone.
import { countedReasons, PLAN_MESSAGES, type UndoOperationResponse } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { AppError, notFound } from '../../errors.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import type { Services } from '../../services.ts';
import { queuePodcast } from '../podcasts/service.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { changedSinceRun, changeRepo, fromSnapshot } from './change-log.ts';
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
  for (const change of changes) {
    const current = await articleAdminRepo.byId(s.db, change.articleId);
    if (!current) {
      skipped.push({ articleId: change.articleId, reason: 'مقاله پس از این عملیات حذف شده است' });
      continue;
    }
    if (changedSinceRun(current, change, operation.finishedAt)) {
      skipped.push({ articleId: current.id, reason: 'مقاله پس از این عملیات دوباره تغییر کرده است؛ دست نخورد' });
      continue;
    }
    const before = fromSnapshot(change.before);
    const textChanged = changedFields(current, versionFields({ ...current, ...before })).length > 0;
    // The editor chose this article's state: a later check leaves its publishing as it is now.
    const statusBack = before.status !== undefined && before.status !== current.status;
    const back = await s.db.transaction(async (tx) => {
      if (textChanged) await versionRepo.keep(tx, current, { action: 'restore', changed: changedFields(current, versionFields({ ...current, ...before })), by });
      return articleAdminRepo.saveEdit(tx, current.id, {
        ...before,
        ...(statusBack ? { editedFields: withFields(current.editedFields, ['status']) } : {}),
        updatedAt: new Date(),
      });
    });
    // The pictures the run took off come back with the text that shows them.
    if (back) await reattachShown(s.db, back);
    await changeRepo.markUndone(s.db, change.id);
    if (textChanged) queuePodcast(s, current.id);
    restored.push(current.id);
  }
  // Nothing came back: the operation is not undone, and another try says the same.
  if (!restored.length) {
    return { success: false, message: `هیچ مقاله‌ای بازگردانده نشد؛ ${countedReasons(skipped.map((item) => item.reason))}`, restored: 0, skipped };
  }
  await operationsRepo.markUndone(s.db, id, by);
  await operationsRepo.log(s.db, id, `بازگردانی: ${fa(restored.length)} مقاله به حالت پیش از عملیات برگشت${skipped.length ? `، ${fa(skipped.length)} مقاله دست نخورد` : ''}`);
  s.contentChanged({ articleIds: restored });
  return {
    success: true,
    message: `${fa(restored.length)} مقاله به حالت پیش از عملیات بازگردانده شد${skipped.length ? `؛ ${fa(skipped.length)} مقاله دست نخورد` : ''}`,
    restored: restored.length,
    skipped,
  };
}
