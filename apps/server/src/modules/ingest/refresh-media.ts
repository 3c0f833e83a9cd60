// Re-downloads a post's media for an existing article and puts it in place: cover,
// video, and the album pictures inside the body, without touching the text. The post keeps what
// the article still lacks that Telegram may give later (media/post-media.ts), or nothing.
import { load } from '../../lazy-packages.ts';
import type { TelegramPost, TelegramSource } from '../../integrations/telegram/index.ts';
import type { ArticleRow } from '../articles/admin-repo.ts';
import { articleAdminRepo } from '../articles/admin-repo.ts';
import { derivedFields } from '../articles/derived-fields.ts';
import { mediaRepo } from '../media/repo.ts';
import { storedKey } from '../media/stored-key.ts';
import { composeContent } from './article-writer.ts';
import { collectMedia, isBorrowedFile, isOwnPostFile, missingMediaMark, type PostMedia } from '../media/post-media.ts';
import { postStore } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { ltr } from '@chapar/shared/text';

type RefreshArticleMediaDeps = Pick<Services, 'config' | 'db' | 'log' | 'media' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

/** The body without figures that show the post's own (tg/) media, which are composed anew. */
export function stripPostFigures(html: string, isPostMedia: (url: string) => boolean): string {
  const $ = load(`<div id="root">${html}</div>`, null, false);
  $('#root figure').each((_, el) => {
    const src = $(el).find('img, audio, video').attr('src') ?? '';
    if (isPostMedia(src)) $(el).remove();
  });
  return ($('#root').html() ?? '').trim();
}

export async function refreshArticleMedia(s: RefreshArticleMediaDeps, source: TelegramSource, article: ArticleRow, post: TelegramPost): Promise<{ updated: boolean; media: PostMedia; imageUrl: string | null; videoUrl: string | null; missingMedia: string | null }> {
  const ref = { source: article.source!, telegramId: article.telegramId! };
  const { storage } = s.media;
  const media = await collectMedia(s, source, post, ref);
  // A figure whose address cannot be read is not one of the post's own: it stays in the body.
  const isPostMedia = (url: string) => isOwnPostFile(ref, storedKey(storage, url).key ?? '');
  const body = stripPostFigures(article.content, isPostMedia);
  const cover = media.images[0] ?? null;
  const content = composeContent(body, media, article.imageAltText ?? article.title);
  // A download that failed keeps what the article had rather than blanking it, as does a
  // picture or video another post gave it (media/post-media.ts, borrowedMedia).
  const borrowed = (url: string | null) => isBorrowedFile(ref, (url && storedKey(storage, url).key) ?? '');
  const imageUrl = cover?.url ?? (post.photos.length || borrowed(article.imageUrl) ? article.imageUrl : null);
  const videoUrl = media.video?.url ?? (post.videos.some((v) => v.url && !v.tooBig) || borrowed(article.videoUrl) ? article.videoUrl : null);
  const next = { ...article, content, imageUrl, videoUrl };
  const updated = content !== article.content || imageUrl !== article.imageUrl || videoUrl !== article.videoUrl || (cover?.dhash ?? null) !== article.imageHash;
  const videoFrame = media.video ? { videoPosterUrl: media.video.posterUrl, videoDuration: media.video.durationSec } : videoUrl ? {} : { videoPosterUrl: null, videoDuration: null };
  await articleAdminRepo.update(s.db, article.id, { content, imageUrl, videoUrl, ...videoFrame, imageHash: cover?.dhash ?? article.imageHash, ...derivedFields(next), ...(updated ? { updatedAt: new Date() } : {}) });
  const keys = [...media.images, media.video, media.audio].filter((m) => m !== null).map((m) => m.storageKey);
  await mediaRepo.attach(s.db, keys, article.id);
  const stale = await mediaRepo.othersOf(s.db, article.id, keys);
  // Set aside, not removed: an undo of this run, or a version restored, shows them again until the daily purge.
  if (!media.report.some((r) => r.status === 'error')) await mediaRepo.setAside(s.db, stale.filter((m) => isOwnPostFile(ref, m.storageKey)).map((m) => m.storageKey), new Date());
  const missingMedia = await missingMediaMark(s.db, article, ref, media.unfetched);
  await postStore.setMissingMedia(s.db, ref, missingMedia);
  if (updated) s.contentChanged();
  return { updated, media: { ...media, report: media.report.map((r) => ({ ...r, articleId: article.id })) }, imageUrl, videoUrl, missingMedia };
}

/** Whether the article's cover or video is missing, or points at a file no longer stored. */
export async function mediaMissing(s: Pick<Services, 'storage'>, article: ArticleRow, post: TelegramPost): Promise<string | null> {
  if (!article.imageUrl && (post.photos.length || post.videos.some((v) => v.thumbUrl))) return 'تصویر ندارد';
  for (const url of [article.imageUrl, article.videoUrl]) {
    if (!url) continue;
    const { key, error } = storedKey(s.storage, url);
    if (error) return error;
    if (!key) return `نشانی بیرونی: ${ltr(url)}`;
    if (!(await s.storage.exists(key))) return `فایل پیدا نشد: ${ltr(key)}`;
  }
  if (!article.videoUrl && post.videos.some((v) => v.url && !v.tooBig)) return 'ویدیو ندارد';
  return null;
}
