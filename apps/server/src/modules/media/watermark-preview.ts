// The watermark tab's test upload: an image marked exactly as stored media are, answered
// beside the original (both as data URLs) and checked by the same verifier; nothing is stored.
import type { MultipartFile } from '@fastify/multipart';
import type { WatermarkPreview } from '@chapar/shared/contracts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { sniffMedia } from './sniff.ts';
import { verifyImageWatermark } from './verify-watermark.ts';
import { ImageTooLargeError, MAX_IMAGE_PIXELS, UnreadableImageError, watermarkImage } from './watermark.ts';
import { formatNumberFa } from '@chapar/shared/text';

/** A preview travels in the JSON answer twice: kept small. */
export const PREVIEW_MAX_BYTES = 5 * 1_048_576;

const dataUrl = (mimeType: string, body: Buffer) => `data:${mimeType};base64,${body.toString('base64')}`;

export async function watermarkPreview(s: Pick<Services, 'config'>, file: MultipartFile | undefined): Promise<WatermarkPreview> {
  if (!file) throw new AppError('bad_request', 'فایلی ارسال نشده است');
  let body: Buffer;
  try {
    body = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 'حجم تصویر آزمایشی بیش از ۵ مگابایت است');
    throw new AppError('bad_request', 'فایل کامل نرسید یا فرم ارسال‌شده نادرست است؛ دوباره بارگذاری کنید');
  }
  if (!body.length) throw new AppError('bad_request', 'فایل خالی است');
  if (body.length > PREVIEW_MAX_BYTES) throw new AppError('payload_too_large', 'حجم تصویر آزمایشی بیش از ۵ مگابایت است');
  const type = sniffMedia(body);
  if (type?.kind !== 'image') throw new AppError('unsupported_media_type', 'برای آزمون واترمارک یک فایل تصویر بارگذاری کنید');
  try {
    const marked = await watermarkImage(body, s.config.watermarkText);
    const check = await verifyImageWatermark(marked.body, body, s.config.watermarkText);
    return {
      original: dataUrl(type.mimeType, body),
      marked: dataUrl(marked.mimeType, marked.body),
      mimeType: marked.mimeType,
      width: marked.width,
      height: marked.height,
      watermarked: marked.watermarked,
      present: check.present,
      markDifference: Math.round(check.markDifference * 10) / 10,
      message: !marked.watermarked ? 'تصویر بدون واترمارک ماند (متحرک یا کوچک‌تر از اندازه لازم)'
        : check.present ? 'واترمارک در گوشه پایین راست تصویر اعمال شد' : 'واترمارک اعمال شد اما در بررسی دیده نشد',
    };
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw new AppError('payload_too_large', `ابعاد تصویر بیش از حد بزرگ است (حداکثر ${formatNumberFa(Math.floor(MAX_IMAGE_PIXELS / 1_000_000))} مگاپیکسل)`);
    if (error instanceof UnreadableImageError) throw new AppError('bad_request', 'تصویر خراب است و خوانده نمی‌شود');
    throw error;
  }
}
