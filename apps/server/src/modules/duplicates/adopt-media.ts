// A duplicate post may carry what its article lacks: a picture (or another picture) or a
// video. Those are downloaded and given to the article; what the article already has (the
// same picture by its perceptual hash, or any video when it has one) is not kept twice.
import type { TelegramPost, TelegramSource } from '../../integrations/telegram/index.ts';
import { collectMedia } from '../media/post-media.ts';
import type { PostRef } from '../posts/post-store.ts';
import type { Services } from '../../services.ts';
import { mediaRepo } from '../media/repo.ts';
import { deleteMedia } from '../media/store-media.ts';
import { IMAGE_SAME_BITS } from './compare.ts';
import { hammingHex } from './minhash.ts';

type AdoptMissingMediaDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

export async function adoptMissingMedia(s: AdoptMissingMediaDeps, articleId: number, source: TelegramSource, post: TelegramPost, ref: PostRef): Promise<{ images: number; video: boolean }> {
  if (!post.photos.length && !post.videos.length) return { images: 0, video: false };
  const { rows: [article] } = await s.database.raw.query<{ image_url: string | null; video_url: string | null }>('SELECT image_url, video_url FROM articles WHERE id = $1', [articleId]);
  if (!article) return { images: 0, video: false };
  const existing = await mediaRepo.forArticle(s.db, articleId);
  const hashes = existing.filter((m) => m.kind === 'image' && m.dhash).map((m) => m.dhash!);
  const hasVideo = Boolean(article.video_url) || existing.some((m) => m.kind === 'video');
  let media;
  try {
    media = await collectMedia(s, source, post, ref);
  } catch (error) {
    s.log.warn(`${ref.source}/${ref.telegramId}: media of the duplicate not read (${(error as Error).message})`);
    return { images: 0, video: false };
  }
  const newImages = media.images.filter((img) => !img.dhash || !hashes.some((h) => hammingHex(h, img.dhash!) <= IMAGE_SAME_BITS));
  const video = !hasVideo ? media.video : null;
  const keep = [...newImages, ...(video ? [video] : [])];
  if (keep.length) {
    await mediaRepo.attach(s.db, keep.map((m) => m.storageKey), articleId);
    if (!article.image_url && newImages[0]) await s.database.raw.query('UPDATE articles SET image_url = $2, updated_at = now() WHERE id = $1', [articleId, newImages[0].url]);
    if (video) await s.database.raw.query('UPDATE articles SET video_url = $2, updated_at = now() WHERE id = $1', [articleId, video.url]);
    s.contentChanged();
  }
  // Files the article already had in another copy are not kept.
  const dropped = [...media.images.filter((m) => !newImages.includes(m)), ...(media.video && !video ? [media.video] : []), ...(media.audio ? [media.audio] : [])];
  await deleteMedia(s.media, dropped);
  return { images: newImages.length, video: Boolean(video) };
}
