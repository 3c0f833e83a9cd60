// An admin's save of an article (the edit dialog, a restore): the previous state becomes a
// version, the changed fields are marked as edited by hand, and readers' caches drop. A picture or
// video address written by hand clears that kind from the post's missing-media mark.
import {
  ADMIN_ARTICLE_MESSAGES, ARTICLE_CHANGED_SINCE, ARTICLE_VERSION_MESSAGES, type AdminArticle, type ArticleVersionAction, type ArticleVersionFields, type EditableArticleField,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError, notFound } from '../../errors.ts';
import { queuePodcast } from '../podcasts/service.ts';
import type { Services } from '../../services.ts';
import { articleAdminRepo, type ArticleRow } from './admin-repo.ts';
import { derivedFields } from './derived-fields.ts';
import { toAdminArticle } from './dto.ts';
import { postStore } from '../posts/post-store.ts';
import { changedFields, withFields } from './edit-protection.ts';
import { versionRepo } from './versions.ts';
import { reattachShown } from '../media/post-media.ts';

type SaveArticleDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

/**
 * A save built on the article as it is when written, read under its row lock: saves sent at once
 * queue, each applied to what the one before it left, instead of refusing each other. Only with
 * `expectedUpdatedAt` (the form's copy) does a save made since refuse this one (409).
 */
export async function saveOnLatest(
  s: SaveArticleDeps, id: number, build: (current: ArticleRow) => ArticleVersionFields,
  save: { action: ArticleVersionAction; by: string; expectedUpdatedAt?: string },
): Promise<ArticleRow> {
  let wrote = false;
  const row = await s.db.transaction(async (tx) => {
    const current = await articleAdminRepo.lockById(tx, id);
    if (!current) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
    if (save.expectedUpdatedAt !== undefined && current.updatedAt.getTime() !== Date.parse(save.expectedUpdatedAt)) {
      throw new AppError('conflict', ARTICLE_CHANGED_SINCE);
    }
    const next = build(current);
    const changed = changedFields(current, next);
    if (!changed.length) return current;
    wrote = true;
    return writeSave(tx, current, next, changed, save);
  });
  if (wrote) saved(s, id);
  return row;
}

/** Readers' caches drop, and the podcast follows the text. */
function saved(s: SaveArticleDeps, id: number): void {
  s.contentChanged({ articleIds: [id] });
  queuePodcast(s, id);
}

/** The previous state becomes a version, then the write (the row is locked: saveOnLatest). */
async function writeSave(
  tx: Db, current: ArticleRow, next: ArticleVersionFields, changed: EditableArticleField[], save: { action: ArticleVersionAction; by: string },
): Promise<ArticleRow> {
  await versionRepo.keep(tx, current, { action: save.action, changed, by: save.by });
  const saved = await articleAdminRepo.saveEdit(tx, current.id, {
    ...next,
    ...derivedFields({ ...current, ...next }),
    editedFields: withFields(current.editedFields, changed),
    updatedAt: new Date(),
  });
  // An address written by hand takes the place of a file the post did not give: no longer marked nor asked for.
  if (saved && (changed.includes('imageUrl') || changed.includes('videoUrl'))) await postStore.dropGivenMedia(tx, saved);
  if (!saved) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  return saved;
}

/** Brings back a version: a save like any other, so the state it replaces becomes a version too. */
export async function restoreVersion(s: SaveArticleDeps, articleId: number, versionId: number, by: string): Promise<AdminArticle> {
  if (!(await articleAdminRepo.byId(s.db, articleId))) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  const version = await versionRepo.get(s.db, articleId, versionId);
  if (!version) throw notFound(ARTICLE_VERSION_MESSAGES.notFound);
  // On the article as it is when written, as any save that names no form's copy.
  const restored = await saveOnLatest(s, articleId, () => version.fields, { action: 'restore', by });
  // A picture an edit of the post set aside comes back with the version that shows it.
  await reattachShown(s.db, restored);
  return toAdminArticle(restored, await postStore.missingMediaFor(s.db, restored.id));
}

export async function articleVersions(s: Pick<Services, 'db'>, articleId: number) {
  if (!(await articleAdminRepo.byId(s.db, articleId))) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
  return { versions: await versionRepo.list(s.db, articleId) };
}

export async function articleVersion(s: Pick<Services, 'db'>, articleId: number, versionId: number) {
  const version = await versionRepo.get(s.db, articleId, versionId);
  if (!version) throw notFound(ARTICLE_VERSION_MESSAGES.notFound);
  return version;
}
