// The media of one MTProto message in TelegramPost's terms. Files are not
// downloaded here: photos and videos get mtproto:// references (see media-ref.ts).
import { Api } from 'telegram';
import type { TelegramPhoto, TelegramPost } from '../types.ts';
import { mediaRef } from './media-ref.ts';

/** The media part of a TelegramPost; polls, stickers and the like set mediaUnsupported. */
export type MessageMedia = Pick<TelegramPost, 'photos' | 'videos' | 'voice' | 'documents' | 'linkPreview' | 'mediaUnsupported'>;

export function messageMedia(message: Api.Message, channel: string): MessageMedia {
  const result: MessageMedia = { photos: [], videos: [], documents: [], mediaUnsupported: false };
  const media = message.media;
  const ref = (thumb = false) => mediaRef(channel, message.id, { thumb });
  if (!media || media instanceof Api.MessageMediaEmpty) return result;

  if (media instanceof Api.MessageMediaPhoto) {
    if (media.photo instanceof Api.Photo) result.photos.push({ url: ref(), fileId: String(media.photo.id), ...largestSize(media.photo.sizes) });
    else result.mediaUnsupported = true;
  } else if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document) {
    addDocument(result, media.document, ref);
  } else if (media instanceof Api.MessageMediaWebPage) {
    const page = media.webpage;
    if (page instanceof Api.WebPage) {
      result.linkPreview = {
        url: page.url,
        siteName: page.siteName || undefined,
        title: page.title || undefined,
        description: page.description || undefined,
        // Downloading a message whose media is a web page fetches the page's photo.
        imageUrl: page.photo instanceof Api.Photo ? ref() : undefined,
      };
    }
  } else {
    result.mediaUnsupported = true;
  }
  return result;
}

function addDocument(result: MessageMedia, doc: Api.Document, ref: (thumb?: boolean) => string): void {
  const video = doc.attributes.find((a): a is Api.DocumentAttributeVideo => a instanceof Api.DocumentAttributeVideo);
  const audio = doc.attributes.find((a): a is Api.DocumentAttributeAudio => a instanceof Api.DocumentAttributeAudio);
  const isSticker = doc.attributes.some((a) => a instanceof Api.DocumentAttributeSticker);
  const fileName = doc.attributes.find((a): a is Api.DocumentAttributeFilename => a instanceof Api.DocumentAttributeFilename)?.fileName;

  if (isSticker) {
    result.mediaUnsupported = true;
  } else if (video) {
    // GIFs are silent looping videos here, as on the web preview.
    result.videos.push({
      url: ref(),
      thumbUrl: doc.thumbs?.length ? ref(true) : undefined,
      durationSec: Math.round(video.duration) || undefined,
      tooBig: false,
      round: Boolean(video.roundMessage),
    });
  } else if (audio?.voice) {
    result.voice = { url: ref(), durationSec: audio.duration || undefined };
  } else if (doc.mimeType.startsWith('image/')) {
    // A photo sent 'as a file' keeps its full resolution: the best image a post can have.
    result.photos.push({ url: ref(), fileId: String(doc.id) });
  } else {
    result.documents.push({ title: fileName || audio?.title || 'file', size: formatBytes(Number(String(doc.size))) });
  }
}

function largestSize(sizes: Api.TypePhotoSize[]): Pick<TelegramPhoto, 'width' | 'height'> {
  let best: { w: number; h: number } | undefined;
  for (const size of sizes) {
    if ((size instanceof Api.PhotoSize || size instanceof Api.PhotoSizeProgressive) && (!best || size.w * size.h > best.w * best.h)) best = size;
  }
  return best ? { width: best.w, height: best.h } : {};
}

/** '2.4 MB', as Telegram labels files. */
export function formatBytes(bytes: number): string | undefined {
  if (!Number.isFinite(bytes) || bytes <= 0) return undefined;
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
