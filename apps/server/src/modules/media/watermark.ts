// The site's watermark: its name in Persian (Vazirmatn Bold), bottom-right, white with a
// black shadow, 80% opaque on images (70% on video, see video-watermark.ts). Text goes
// through sharp's text input with `fontfile` (Pango shapes Persian correctly; an SVG
// @font-face would be ignored and draw boxes).
import path from 'node:path';
import { sharp } from '../../lazy-packages.ts';
import { FONTS_DIR } from '@chapar/db/seed';
import { escapeHtml } from '@chapar/shared/html';

const FONT_FILE = path.join(FONTS_DIR, 'Vazirmatn-Bold.ttf');
export const IMAGE_WATERMARK_OPACITY = 0.8;
export const VIDEO_WATERMARK_OPACITY = 0.7;

export interface WatermarkOverlay {
  png: Buffer;
  width: number;
  height: number;
}

const overlays = new Map<string, Promise<WatermarkOverlay>>();

function alphaHex(opacity: number): string {
  return Math.round(opacity * 255).toString(16).padStart(2, '0');
}

async function drawText(text: string, size: number, colour: string) {
  const { data, info } = await sharp({
    text: { text: `<span foreground="${colour}">${escapeHtml(text)}</span>`, font: `Vazirmatn Bold ${size}`, fontfile: FONT_FILE, rgba: true, dpi: 72 },
  }).png().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The watermark drawn once per text, size and opacity (Pango is the slow part). */
export function watermarkOverlay(text: string, fontSize: number, opacity: number): Promise<WatermarkOverlay> {
  const key = `${text}|${fontSize}|${opacity}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = (async () => {
      const alpha = alphaHex(opacity);
      const [front, shadow] = await Promise.all([drawText(text, fontSize, `#ffffff${alpha}`), drawText(text, fontSize, `#000000${alpha}`)]);
      const offset = Math.max(1, Math.round(fontSize / 14));
      const width = front.width + offset;
      const height = front.height + offset;
      const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: shadow.data, left: offset, top: offset }, { input: front.data, left: 0, top: 0 }])
        .png().toBuffer();
      return { png, width, height };
    })();
    overlay.catch(() => overlays.delete(key));
    overlays.set(key, overlay);
  }
  return overlay;
}

/** Font size for an image this wide: about 3.5% of the width, in 2-px steps so overlays are shared. */
export function watermarkFontSize(imageWidth: number): number {
  return Math.max(12, Math.min(72, Math.round((imageWidth * 0.035) / 2) * 2));
}

/** Where the overlay sits: bottom-right, a margin of about half the font size. */
export function watermarkBox(imageWidth: number, imageHeight: number, overlay: { width: number; height: number }, fontSize: number) {
  const margin = Math.round(fontSize * 0.6);
  return { left: Math.max(0, imageWidth - overlay.width - margin), top: Math.max(0, imageHeight - overlay.height - margin), width: overlay.width, height: overlay.height };
}

export interface WatermarkedImage {
  body: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  /** False when the image was left as it is (animated, or too small to carry the mark). */
  watermarked: boolean;
}

/** Pictures past this many pixels are refused before decoding (a small file can claim 65535×65535). */
export const MAX_IMAGE_PIXELS = 8192 * 8192;

/** The bytes claim to be a picture but none can be read from them. */
export class UnreadableImageError extends Error {}
/** The picture's header claims more than MAX_IMAGE_PIXELS pixels. */
export class ImageTooLargeError extends Error {}

function inputError(error: unknown): Error {
  const message = (error as Error).message ?? String(error);
  return /exceeds pixel limit/i.test(message) ? new ImageTooLargeError(message) : new UnreadableImageError(message);
}

export async function watermarkImage(input: Buffer, text: string): Promise<WatermarkedImage> {
  const limits = { failOn: 'none', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  const meta = await sharp(input, { ...limits, animated: true }).metadata().catch((error: unknown) => { throw inputError(error); });
  // EXIF orientations 5–8 turn the picture a quarter: the mark goes on the turned image.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  const format = meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif' ? meta.format : 'jpeg';
  const mimeType = `image/${format}`;
  const ext = format === 'jpeg' ? 'jpg' : format;
  // Compositing an animation would flatten it; a thumbnail-sized image has no room for the mark.
  if ((meta.pages ?? 1) > 1 || width < 120 || height < 60) return { body: input, mimeType, ext, width, height, watermarked: false };
  const fontSize = watermarkFontSize(width);
  const overlay = await watermarkOverlay(text, fontSize, IMAGE_WATERMARK_OPACITY);
  if (overlay.width > width * 0.9) return { body: input, mimeType, ext, width, height, watermarked: false };
  const box = watermarkBox(width, height, overlay, fontSize);
  const composed = sharp(input, limits).rotate().composite([{ input: overlay.png, left: box.left, top: box.top }]);
  // The overlay is ready by now: a failure here is the picture's own data.
  const body = await (format === 'png' ? composed.png()
    : format === 'webp' ? composed.webp({ quality: 85 })
      : format === 'gif' ? composed.gif()
        : composed.jpeg({ quality: 85, mozjpeg: false })).toBuffer().catch((error: unknown) => { throw inputError(error); });
  return { body, mimeType, ext, width, height, watermarked: true };
}
