// Files an admin uploads into an article (the edit dialog's upload area): judged by their
// bytes, not their name; images and videos watermarked like Telegram media; stored under
// uploads/ and answered with the URL and the HTML the editor appends.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import { StorageUnavailableError } from '../../integrations/storage/index.ts';
import type { Services } from '../../services.ts';
import { storeMedia, UnsupportedMediaError } from './store-media.ts';
import { queueVariants } from './variants.ts';
import { UnreadableVideoError } from './video-watermark.ts';
import { ImageTooLargeError, MAX_IMAGE_PIXELS, UnreadableImageError } from './watermark.ts';
import { formatNumberFa, hasVisibleText, ltr } from '@chapar/shared/text';
import { escapeHtml } from '@chapar/shared/html';

const BROKEN_FORM = 'فایل کامل نرسید یا فرم ارسال‌شده نادرست است؛ دوباره بارگذاری کنید';

/**
 * The one file of a multipart request, undefined when the request is not multipart. A form the
 * parser cannot even begin (a multipart type without its boundary) is the sender's mistake: 400.
 */
export async function uploadedFile(request: FastifyRequest): Promise<MultipartFile | undefined> {
  if (!request.isMultipart()) return undefined;
  try {
    return await request.file();
  } catch {
    throw new AppError('bad_request', BROKEN_FORM);
  }
}

/** Format characters but ZWNJ and ZWJ (direction controls, zero-width spaces, BOM), and control characters. */
const HIDDEN_IN_NAME = /(?![\u200c\u200d])[\p{Cf}\p{Cc}]/gu;

/**
 * Text typed or named by someone else, made fit to show: without the characters that hide or
 * reorder text ('a\u202egnp.exe' shows as 'aexe.png'), spaces collapsed, at most `max`
 * characters; empty when nothing visible is left.
 */
function displayText(text: string, max: number): string {
  const clean = Array.from(text.replace(HIDDEN_IN_NAME, '').replace(/\s+/g, ' ').trim()).slice(0, max).join('').trim();
  return hasVisibleText(clean) ? clean : '';
}

/** A file's name as the link text of its embed (or an image's alt when the editor gave none). */
export function displayFileName(name: string | undefined): string {
  return displayText(name ?? '', 120) || 'file';
}

/** Longest description of an uploaded image kept as its alt text. */
export const UPLOAD_ALT_MAX = 250;

/** The editor's description of an uploaded image: the form's `alt` field, sent before the file. */
function altOf(file: MultipartFile): string {
  const field = file.fields.alt;
  return field && !Array.isArray(field) && field.type === 'field' ? displayText(String(field.value), UPLOAD_ALT_MAX) : '';
}


export function embedFor(kind: string, url: string, filename: string, posterUrl?: string | null): string {
  const src = escapeHtml(url);
  if (kind === 'image') return `<figure><img src="${src}" alt="${escapeHtml(filename)}"></figure>`;
  if (kind === 'video') return `<figure><video controls preload="metadata"${posterUrl ? ` poster="${escapeHtml(posterUrl)}"` : ''} src="${src}"></video></figure>`;
  if (kind === 'audio') return `<figure><audio controls src="${src}"></audio></figure>`;
  return `<p><a href="${src}">${escapeHtml(filename)}</a></p>`;
}

/**
 * The upload streamed to a temporary file (a large video never sits whole in memory). Reading
 * starts at once, before anything else is awaited, so a form that breaks off is seen as such.
 */
async function receive(s: Pick<Services, 'config'>, file: MultipartFile, target: string): Promise<void> {
  const tooLarge = () => new AppError('payload_too_large', `حجم فایل بیش از ${formatNumberFa(Math.round(s.config.uploadMaxBytes / 1_048_576))} مگابایت است`);
  const out = createWriteStream(target);
  try {
    for await (const chunk of file.file) {
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // The request body itself broke off or is not well-formed multipart (no closing boundary).
    throw new AppError('bad_request', BROKEN_FORM);
  }
  if (file.file.truncated) throw tooLarge();
}

export async function saveUpload(s: Pick<Services, 'config' | 'log' | 'media' | 'jobs'>, file: MultipartFile | undefined) {
  if (!file) throw new AppError('bad_request', 'فایلی ارسال نشده است');
  const received = path.join(os.tmpdir(), `chapar-upload-${randomBytes(8).toString('hex')}`);
  try {
    await receive(s, file, received);
    if (!(await stat(received)).size) throw new AppError('bad_request', 'فایل خالی است');
    const month = new Date().toISOString().slice(0, 7);
    try {
      const stored = await storeMedia(s.media, {
        keyBase: `uploads/${month}/${randomBytes(8).toString('hex')}`, position: 0, role: 'file', body: { file: received }, sourceUrl: null,
        accept: ['image', 'video', 'audio', 'document'],
      });
      if (stored.kind === 'image') await queueVariants(s, [stored.storageKey]);
      // A screen reader says what the picture shows, as the editor put it; a camera's file name is the last resort.
      const label = (stored.kind === 'image' && altOf(file)) || displayFileName(file.filename);
      return {
        url: stored.url, kind: stored.kind, mimeType: stored.mimeType, bytes: stored.bytes, embedHtml: embedFor(stored.kind, stored.url, label, stored.posterUrl),
        ...(stored.kind === 'video' ? { posterUrl: stored.posterUrl, durationSec: stored.durationSec } : {}),
      };
    } catch (error) {
      if (error instanceof UnsupportedMediaError) {
        throw new AppError('unsupported_media_type', `نوع فایل پشتیبانی نمی‌شود (تصویر، ویدیوی ${ltr('mp4')} یا ${ltr('webm')}، صدای ${ltr('mp3')} یا ${ltr('ogg')}، پی‌دی‌اف یا ورد)`);
      }
      if (error instanceof UnreadableVideoError) throw new AppError('bad_request', `ویدیو خراب است یا خوانده نمی‌شود؛ فایل سالم ${ltr('mp4')} یا ${ltr('webm')} بارگذاری کنید`);
      if (error instanceof ImageTooLargeError) {
        throw new AppError('payload_too_large', `ابعاد تصویر بیش از حد بزرگ است (حداکثر ${formatNumberFa(Math.floor(MAX_IMAGE_PIXELS / 1_000_000))} مگاپیکسل)`);
      }
      if (error instanceof UnreadableImageError) throw new AppError('bad_request', 'تصویر خراب است و خوانده نمی‌شود');
      if (error instanceof StorageUnavailableError) {
        s.log.warn(`upload not stored: ${error.message}`);
        throw new AppError('unavailable', ADMIN_ARTICLE_MESSAGES.uploadStorageUnavailable, { 'retry-after': '60' });
      }
      throw new AppError('internal', ADMIN_ARTICLE_MESSAGES.uploadFailed);
    }
  } finally {
    await rm(received, { force: true });
  }
}
