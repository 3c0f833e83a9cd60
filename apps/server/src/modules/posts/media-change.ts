// A post's media replaced while its caption and the shape of its media stay: what postHash cannot
// see, because Telegram's CDN addresses change on every fetch. A photo is told instead by what
// stays put: Telegram's photo id where the source shows one, else its aspect ratio; a video or
// voice note by its duration. Each is compared only when both sides carry it, so a post stored
// before photo ids were read compares as it did.
import type { TelegramPhoto, TelegramPost } from '../../integrations/telegram/index.ts';

type Media = Pick<TelegramPost, 'photos' | 'videos' | 'voice'>;
type Timed = { url?: string; durationSec?: number };

/** Heights are whole pixels of a displayed width: this absorbs their rounding on small album tiles. */
export const RATIO_TOLERANCE = 0.03;

// The web preview and MTProto number and size photos their own way: compared only within one kind.
const kind = (url: string | undefined) => (url?.startsWith('mtproto:') ? 'mtproto' : 'web');
const ratio = (p: TelegramPhoto) => (p.width && p.height ? p.width / p.height : undefined);
const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

function photoReplaced(was: TelegramPhoto, now: TelegramPhoto): boolean {
  if (kind(was.url) !== kind(now.url)) return false;
  if (was.fileId && now.fileId) return was.fileId !== now.fileId;
  const [a, b] = [ratio(was), ratio(now)];
  return a !== undefined && b !== undefined && Math.abs(a / b - 1) > RATIO_TOLERANCE;
}

function durationChanged(was: Timed | undefined, now: Timed | undefined): boolean {
  if (!was?.durationSec || !now?.durationSec || kind(was.url) !== kind(now.url)) return false;
  return Math.abs(was.durationSec - now.durationSec) > 1;
}

/**
 * Whether `now` shows other media than `was` (a stored payload) where the fingerprint is blind:
 * the same number of photos and videos, one of them replaced. A count that changed is the fingerprint's.
 */
export function mediaReplaced(was: Partial<Media>, now: Media): boolean {
  const photos = list(was.photos);
  if (photos.length === now.photos.length && photos.some((p, i) => photoReplaced(p, now.photos[i]))) return true;
  const videos = list(was.videos);
  if (videos.length === now.videos.length && videos.some((v, i) => durationChanged(v, now.videos[i]))) return true;
  return durationChanged(was.voice, now.voice);
}

/**
 * The stored payload with the photo ids `now` shows and it lacks (stored before ids were read),
 * so later checks compare ids rather than only ratios; null when it gains none.
 */
export function withPhotoIds(stored: Record<string, unknown>, now: Pick<TelegramPost, 'photos'>): Record<string, unknown> | null {
  const photos = list(stored.photos as TelegramPhoto[] | undefined);
  if (!photos.length || photos.length !== now.photos.length) return null;
  let added = false;
  const filled = photos.map((photo, i) => {
    const id = now.photos[i].fileId;
    if (photo.fileId || !id || kind(photo.url) !== kind(now.photos[i].url)) return photo;
    added = true;
    return { ...photo, fileId: id };
  });
  return added ? { ...stored, photos: filled } : null;
}
