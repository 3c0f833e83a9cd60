// The media step: every photo of the post (all of an album's), its video (or, when
// Telegram withholds a big one, the thumbnail), and a voice note are downloaded from
// Telegram only, watermarked and stored. A file the source cannot give (gone, too big, not
// media) is reported and skipped; the article still appears with what did work. A store that
// fails is no property of the post: the whole post fails (MediaNotStoredError) and is tried
// again later, so no article appears without media that only could not be stored. A source that
// may give the file later (it answered 5xx or 429, timed out, dropped the connection) fails a new
// article's attempt while the job has another (MediaNotFetchedError); the last one publishes
// without it, and says so: the post keeps what its article lacks (missingMediaMark), and a later
// check fetches it again (ingest/missing-media.ts).
import type { Db } from '@chapar/db';
import type { ReportItem } from '@chapar/shared/contracts';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StorageUnavailableError } from '../../integrations/storage/index.ts';
import { fetchMediaSafely, fetchMediaToFile, MediaFetchError, TelegramFetchError, type TelegramPost, type TelegramSource } from '../../integrations/telegram/index.ts';
import { mediaRepo, type MediaAssetRow } from './repo.ts';
import type { MediaKind } from './sniff.ts';
import { storeMedia } from './store-media.ts';
import { queueVariants } from './variants.ts';
import { failureText } from '../../integrations/failure-text.ts';
import { givenByHand, missingMediaNote, type HandMediaFields, type MissingKind } from './missing-media-note.ts';
import type { PostRef } from '../posts/post-store.ts';
import type { ArticleRow } from '../articles/article-row.ts';
import type { Services } from '../../services.ts';

type CollectMediaDeps = Pick<Services, 'config' | 'log' | 'media' | 'jobs' | 'mediaPolicy'>;

/** Where a post's own files are stored: 'tg/akhbar_rooz/103'. */
export const postKeyBase = (ref: PostRef) => `tg/${ref.source}/${ref.telegramId}`;

/** A file stored from this very post (not one its article was given from another post, nor an upload). */
export const isOwnPostFile = (ref: PostRef, key: string) => key.startsWith(`${postKeyBase(ref)}/`);

/** A file stored from another post than `ref`'s: what a duplicate gave the article. */
export const isBorrowedFile = (ref: PostRef, key: string) => key.startsWith('tg/') && !isOwnPostFile(ref, key);

/**
 * The picture and video an article holds from other posts (given by a duplicate, adopt-media.ts
 * and duplicates/carry-media.ts): they stand in when the post has none of its own, and a re-run
 * of the post never removes them as stale.
 */
export async function borrowedMedia(db: Db, articleId: number, ref: PostRef): Promise<{ image: MediaAssetRow | null; video: MediaAssetRow | null }> {
  const borrowed = (await mediaRepo.forArticle(db, articleId)).filter((m) => isBorrowedFile(ref, m.storageKey));
  return { image: borrowed.find((m) => m.kind === 'image') ?? null, video: borrowed.find((m) => m.kind === 'video') ?? null };
}

/**
 * Files set aside (an edit of the article's post, ingest's attachMedia; a mark applied again,
 * watermark-tasks.ts) that the article shows again, after an undo or a restored version: back on
 * the article, so the purge leaves them.
 */
export async function reattachShown(db: Db, article: Pick<ArticleRow, 'id' | 'imageUrl' | 'videoUrl' | 'content'>): Promise<void> {
  const shown = await mediaRepo.setAsideShown(db, article);
  await mediaRepo.attach(db, shown.map((m) => m.storageKey), article.id);
}

export interface PostMedia {
  images: MediaAssetRow[];
  video: MediaAssetRow | null;
  audio: MediaAssetRow | null;
  report: ReportItem[];
  /** Files the source may give on a later try that did not come this time (none when absent). */
  unfetched?: Unfetched[];
}

/** A file of the post the source may give later: where it goes, and why it did not come. */
export interface Unfetched { position: number; kind: MissingKind; reason: string }

/**
 * The post's mark once its media is attached: the files that did not come which the article
 * holds no stored file of the post in place of (an earlier run's file stays in its place), nor
 * an address an editor wrote by hand (missing-media-note.ts).
 */
export async function missingMediaMark(db: Db, article: HandMediaFields, ref: PostRef, unfetched: Unfetched[] = []): Promise<string | null> {
  if (!unfetched.length) return null;
  const held = new Set((await mediaRepo.forArticle(db, article.id)).filter((m) => isOwnPostFile(ref, m.storageKey)).map((m) => m.position));
  const given = givenByHand(article);
  return missingMediaNote(unfetched.filter((u) => !held.has(u.position) && !given.has(u.kind)));
}

/**
 * A file of the post could not be stored because the store failed: transient (the job is
 * retried with backoff), and the post's article is neither written nor changed on this attempt.
 */
export class MediaNotStoredError extends Error {
  override readonly name = 'MediaNotStoredError';
  constructor(readonly file: string, cause: StorageUnavailableError) {
    super(`رسانهٔ پست (\u2068${file}\u2069) ذخیره نشد؛ مقاله تا ذخیرهٔ آن ساخته یا به‌روز نمی‌شود. ${cause.message}`, { cause });
  }
}

/** A file the source may give on a later try did not come: the attempt fails, and the job tries again. */
export class MediaNotFetchedError extends Error {
  override readonly name = 'MediaNotFetchedError';
  constructor(readonly file: string, cause: unknown) {
    super(`رسانهٔ پست (\u2068${file}\u2069) از تلگرام دریافت نشد (${failureText(cause)})؛ مقاله تا تلاش دوباره ساخته نمی‌شود.`, { cause });
  }
}

/** Whether the source may give the file on a later try: it answered 5xx or 429, timed out, or the connection broke. */
function mayComeLater(error: unknown): boolean {
  if (error instanceof TelegramFetchError) return error.transient;
  if (error instanceof MediaFetchError) return error.code === 'network' || (error.code === 'http_error' && (error.status === 429 || (error.status ?? 0) >= 500));
  const code = String((error as { code?: unknown }).code ?? '');
  return /^(?:UND_ERR_|ECONNRESET$|ETIMEDOUT$|EPIPE$|ECONNREFUSED$|EAI_AGAIN$)/.test(code);
}

interface Planned { url: string; role: 'image' | 'thumb' | 'video' | 'audio' | 'preview'; position: number; accept: MediaKind[] }

function plan(post: TelegramPost): Planned[] {
  const items: Planned[] = post.photos.map((p, i) => ({ url: p.url, role: 'image', position: i, accept: ['image'] }));
  post.videos.forEach((v, i) => {
    if (v.url && !v.tooBig) items.push({ url: v.url, role: 'video', position: 10 + i, accept: ['video'] });
    if (v.thumbUrl) items.push({ url: v.thumbUrl, role: 'thumb', position: 20 + i, accept: ['image'] });
  });
  if (post.voice?.url) items.push({ url: post.voice.url, role: 'audio', position: 30, accept: ['audio'] });
  // The preview card's picture stands in for a cover only when the post has no picture of its own.
  if (!items.some((i) => i.accept.includes('image')) && post.linkPreview?.imageUrl) {
    items.push({ url: post.linkPreview.imageUrl, role: 'preview', position: 40, accept: ['image'] });
  }
  return items;
}

export async function downloadFrom(s: Pick<Services, 'config' | 'mediaPolicy'>, source: TelegramSource, url: string): Promise<Buffer> {
  if (source.downloadMedia) {
    const body = await source.downloadMedia(url);
    if (body.length > s.config.mediaMaxBytes) throw new Error(`${body.length} bytes is over the ${s.config.mediaMaxBytes} byte cap`);
    return body;
  }
  return (await fetchMediaSafely(url, s.mediaPolicy)).body;
}

/**
 * A download as storeMedia takes it: a video (from the web, or from a source that can write
 * to a file, such as MTProto) goes to a temporary file as it arrives (never whole in
 * memory); `done` removes that file.
 */
export async function downloadForStore(s: Pick<Services, 'config' | 'mediaPolicy'>, source: TelegramSource, url: string, video: boolean): Promise<{ body: Buffer | { file: string }; done(): Promise<void> }> {
  const toFile = source.downloadMediaToFile?.bind(source);
  if (!video || (source.downloadMedia && !toFile)) return { body: await downloadFrom(s, source, url), done: async () => undefined };
  const file = path.join(os.tmpdir(), `chapar-download-${randomBytes(8).toString('hex')}`);
  const done = () => rm(file, { force: true });
  try {
    if (toFile) await toFile(url, file, s.config.mediaMaxBytes);
    else await fetchMediaToFile(url, s.mediaPolicy, file);
  } catch (error) {
    await done();
    throw error;
  }
  return { body: { file }, done };
}

/** What happened to a stored file, as the report says it. */
export const MEDIA_STORED = { stored: 'ذخیره شد', watermarked: 'واترمارک خورد و ذخیره شد', unmarked: 'بدون واترمارک ذخیره شد' } as const;

/** `retry`: the attempt may fail for a file the source may give later (a new article while the job has a retry left). */
export async function collectMedia(s: CollectMediaDeps, source: TelegramSource, post: TelegramPost, ref: PostRef, opts: { retry?: boolean } = {}): Promise<PostMedia> {
  const unfetched: Unfetched[] = [];
  const result: PostMedia = { images: [], video: null, audio: null, report: [], unfetched };
  for (const item of plan(post)) {
    const filename = `${ref.source}/${ref.telegramId}/${item.position}-${item.role}`;
    try {
      const download = await downloadForStore(s, source, item.url, item.role === 'video');
      const stored = await storeMedia(s.media, {
        keyBase: postKeyBase(ref), position: item.position, role: item.role, body: download.body, sourceUrl: item.url, accept: item.accept,
      }).finally(() => download.done());
      if (stored.kind === 'image') result.images.push(stored);
      else if (stored.kind === 'video') result.video ??= stored;
      else if (stored.kind === 'audio') result.audio ??= stored;
      const marked = stored.kind === 'audio' ? MEDIA_STORED.stored : stored.watermarked ? MEDIA_STORED.watermarked : (stored.note ?? MEDIA_STORED.unmarked);
      result.report.push({ status: 'success', articleId: null, filename: stored.storageKey, fileType: stored.kind, reason: marked });
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw new MediaNotStoredError(filename, error);
      const later = mayComeLater(error);
      if (opts.retry && later) throw new MediaNotFetchedError(filename, error);
      s.log.warn(`${filename}: ${(error as Error).message}`);
      result.report.push({ status: 'error', articleId: null, filename, fileType: item.role, reason: failureText(error) });
      if (later) unfetched.push({ position: item.position, kind: item.role === 'video' || item.role === 'audio' ? item.role : 'image', reason: failureText(error) });
    }
  }
  // Photos first, then video thumbnails, then a preview picture: the first is the cover.
  result.images.sort((a, b) => a.position - b.position);
  if (result.images.length) await queueVariants(s, result.images.map((i) => i.storageKey));
  return result;
}
