// Removing one of a duplicate pair keeps what only it had: a cover picture or a video the kept
// article lacks goes to it, with its files, rather than being deleted with the removed one. A
// field an editor set by hand (even to nothing) stays as they left it; the kept article's
// history keeps the state before, so the change can be undone from the edit dialog.
import { and, eq, inArray } from 'drizzle-orm';
import { mediaAssets, type Db } from '@chapar/db';
import { buildAltText } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleInsert, type ArticleRow } from '../articles/admin-repo.ts';
import { keepEdited } from '../articles/edit-protection.ts';
import { versionRepo } from '../articles/versions.ts';

export interface CarriedMedia { image: boolean; video: boolean }

/** On the caller's transaction, before `from` is deleted. */
export async function carryMissingMedia(tx: Db, from: ArticleRow, to: ArticleRow, by: string): Promise<CarriedMedia> {
  const alt = (kind: 'image' | 'video') => buildAltText({ kind, title: to.title, category: to.category, excerpt: to.excerpt });
  const patch: Partial<ArticleInsert> = {
    ...(!to.imageUrl && from.imageUrl ? { imageUrl: from.imageUrl, imageHash: from.imageHash, imageAltText: alt('image') } : {}),
    ...(!to.videoUrl && from.videoUrl ? { videoUrl: from.videoUrl, videoPosterUrl: from.videoPosterUrl, videoDuration: from.videoDuration, videoAltText: alt('video') } : {}),
  };
  // A field the editor set by hand is not replaced (edit-protection.ts).
  const kept = keepEdited(to, patch);
  const carried = { image: 'imageUrl' in kept, video: 'videoUrl' in kept };
  if (!carried.image && !carried.video) return carried;
  await versionRepo.keep(tx, to, { action: 'edit', changed: [...(carried.image ? ['imageUrl'] : []), ...(carried.video ? ['videoUrl'] : [])], by });
  await articleAdminRepo.saveEdit(tx, to.id, { ...kept, updatedAt: new Date() });
  const urls = [carried.image ? from.imageUrl : null, carried.video ? from.videoUrl : null].filter((url) => url !== null);
  await tx.update(mediaAssets).set({ articleId: to.id }).where(and(eq(mediaAssets.articleId, from.id), inArray(mediaAssets.url, urls)));
  return carried;
}
