// Files an admin uploads into an article (the edit dialog's upload area): judged by their
// bytes, not their name; images and videos watermarked like Telegram media; stored under
// uploads/ and answered with the URL and the HTML the editor appends.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import type { Services } from '../ingest/services.ts';
import { storeMedia, UnsupportedMediaError } from './store-media.ts';
import { ImageTooLargeError, MAX_IMAGE_PIXELS, UnreadableImageError } from './watermark.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function embedFor(kind: string, url: string, filename: string): string {
  const src = escape(url);
  if (kind === 'image') return `<figure><img src="${src}" alt="${escape(filename)}"></figure>`;
  if (kind === 'video') return `<figure><video controls preload="metadata" src="${src}"></video></figure>`;
  if (kind === 'audio') return `<figure><audio controls src="${src}"></audio></figure>`;
  return `<p><a href="${src}">${escape(filename)}</a></p>`;
}

export async function saveUpload(s: Services, file: MultipartFile | undefined) {
  if (!file) throw new AppError('bad_request', 'فایلی ارسال نشده است');
  let body: Buffer;
  try {
    body = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `حجم فایل بیش از ${Math.round(s.config.uploadMaxBytes / 1_048_576)} مگابایت است`);
    }
    // The request body itself broke off or is not well-formed multipart (no closing boundary).
    throw new AppError('bad_request', 'فایل کامل نرسید یا فرم ارسال‌شده نادرست است؛ دوباره بارگذاری کنید');
  }
  if (!body.length) throw new AppError('bad_request', 'فایل خالی است');
  const month = new Date().toISOString().slice(0, 7);
  try {
    const stored = await storeMedia(s.media, {
      keyBase: `uploads/${month}/${randomBytes(8).toString('hex')}`, position: 0, role: 'file', body, sourceUrl: null,
      accept: ['image', 'video', 'audio', 'document'],
    });
    const name = (file.filename || 'file').slice(0, 120);
    return { url: stored.url, kind: stored.kind, mimeType: stored.mimeType, bytes: stored.bytes, embedHtml: embedFor(stored.kind, stored.url, name) };
  } catch (error) {
    if (error instanceof UnsupportedMediaError) {
      throw new AppError('unsupported_media_type', 'نوع فایل پشتیبانی نمی‌شود (تصویر، ویدیوی mp4/webm، صدای mp3/ogg، PDF یا Word)');
    }
    if (error instanceof ImageTooLargeError) {
      throw new AppError('payload_too_large', `ابعاد تصویر بیش از حد بزرگ است (حداکثر ${Math.floor(MAX_IMAGE_PIXELS / 1_000_000)} مگاپیکسل)`);
    }
    if (error instanceof UnreadableImageError) throw new AppError('bad_request', 'تصویر خراب است و خوانده نمی‌شود');
    throw new AppError('internal', ADMIN_ARTICLE_MESSAGES.uploadFailed);
  }
}
