// Removing one of a duplicate pair keeps what only it had: a cover picture or a video the kept
// article lacks goes to it, with its files, rather than being deleted with the removed one. A
// field an editor set by hand (even to nothing) stays as they left it; the kept article's
// history keeps the state before, so the change can be undone from the edit dialog.
import { and, eq, inArray } from 'drizzle-orm';
import { mediaAssets, type Db } from '@chapar/db';
import { buildAltText } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleInsert, type ArticleRow } from '../articles/admin-repo.ts';
import { versionRepo } from '../articles/versions.ts';

export interface CarriedMedia { image: boolean; video: boolean }

/** On the caller's transaction, before `from` is deleted. */
export async function carryMissingMedia(tx: Db, from: ArticleRow, to: ArticleRow, by: string): Promise<CarriedMedia> {
  const alt = (kind: 'image' | 'video') => buildAltText({ kind, title: to.title, category: to.category, excerpt: to.excerpt });
  const patch: Partial<ArticleInsert> = {
    ...(!to.imageUrl && from.imageUrl ? { imageUrl: from.imageUrl, imageHash: from.imageHash, imageAltText: alt('image') } : {}),
    ...(!to.videoUrl && from.videoUrl ? { videoUrl: from.videoUrl, videoPosterUrl: from.videoPosterUrl, videoDuration: from.videoDuration, videoAltText: alt('video') } : {}),
  };
  if (!Object.keys(patch).length) return { image: false, video: false };
  const saved = await articleAdminRepo.update(tx, to.id, { ...patch, updatedAt: new Date() });
  const carried = { image: Boolean(!to.imageUrl && saved?.imageUrl), video: Boolean(!to.videoUrl && saved?.videoUrl) };
  const urls = [carried.image ? saved!.imageUrl : null, carried.video ? saved!.videoUrl : null].filter((url) => url !== null);
  if (!urls.length) return carried;
  await versionRepo.keep(tx, to, { action: 'edit', changed: [...(carried.image ? ['imageUrl'] : []), ...(carried.video ? ['videoUrl'] : [])], by });
  await tx.update(mediaAssets).set({ articleId: to.id }).where(and(eq(mediaAssets.articleId, from.id), inArray(mediaAssets.url, urls)));
  return carried;
}
