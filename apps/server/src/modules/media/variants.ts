// Responsive variants of stored images: one WebP per width in IMAGE_WIDTHS, put beside the
// image in the same storage (`tg/chan/7/0-image.jpg` → `tg/chan/7/0-image.w480.webp`), so
// they are plain files a CDN or the bucket serves like the image itself. Made once per image
// by the image-variants job after the image is stored (or marked again); the app makes a
// missing one on request where it serves the storage itself.
import { sharp } from '../../lazy-packages.ts';
import { IMAGE_WIDTHS, type ImageWidth } from '@chapar/shared/text';
import { StorageUnavailableError, type Storage } from '../../integrations/storage/index.ts';
import { imageVariantsJob } from '../../jobs/specs.ts';
import type { JobSpec } from '../../jobs/job-spec.ts';

const IMAGE_EXT = /\.(?:jpe?g|png|webp|gif|avif)$/i;
const VARIANT_KEY = /^(.+)\.w(\d+)\.webp$/;
const SOURCE_EXTS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'];

/** A key named like a variant (`….w{digits}.webp`, any case), one the app makes or not. */
export function isVariantKey(key: string): boolean {
  return /\.w\d+\.webp$/i.test(key);
}

/** A width exactly as the app spells it (`480`, not `0480`, `4.8e2` or `0x1e0`), or null. */
export function allowedWidth(text: string): ImageWidth | null {
  return IMAGE_WIDTHS.find((width) => String(width) === text) ?? null;
}

/**
 * A variant key the app makes: an allowed width of an image that is not itself a variant
 * (`a.w480.w320.webp` would be cut from `a.w480.webp`, and so on without end).
 */
export function isMadeVariantKey(key: string): boolean {
  const match = VARIANT_KEY.exec(key);
  return match !== null && allowedWidth(match[2]) !== null && !/\.w\d+$/i.test(match[1]);
}

/** The key of one variant of an image key, or null for a key that is not an image (or is a variant). */
export function variantKey(key: string, width: ImageWidth): string | null {
  if (!IMAGE_EXT.test(key) || isVariantKey(key)) return null;
  return key.replace(IMAGE_EXT, `.w${width}.webp`);
}

export function variantKeys(key: string): string[] {
  return IMAGE_WIDTHS.map((w) => variantKey(key, w)).filter((k): k is string => k !== null);
}

async function resize(input: Buffer, width: number): Promise<Buffer> {
  return sharp(input, { animated: false, limitInputPixels: 60_000_000 }).rotate()
    .resize({ width, withoutEnlargement: true }).webp({ quality: 72, effort: 2 }).toBuffer();
}

/** Every variant of one stored image, (re)made from the stored file; false when the image is not there. */
export async function makeVariants(storage: Storage, key: string, body?: Buffer): Promise<boolean> {
  if (!IMAGE_EXT.test(key) || isVariantKey(key)) return false;
  const input = body ?? (await storage.get(key));
  if (!input) return false;
  for (const width of IMAGE_WIDTHS) {
    await storage.put(variantKey(key, width)!, await resize(input, width), 'image/webp');
  }
  return true;
}

/** The variants missing for one stored image, made now; how many were made. */
export async function fillVariants(storage: Storage, key: string): Promise<number> {
  const missing: ImageWidth[] = [];
  for (const width of IMAGE_WIDTHS) if (!(await storage.exists(variantKey(key, width)!))) missing.push(width);
  if (!missing.length) return 0;
  const input = await storage.get(key);
  if (!input) return 0;
  for (const width of missing) await storage.put(variantKey(key, width)!, await resize(input, width), 'image/webp');
  return missing.length;
}

/**
 * One variant asked for by its key (`…/0-image.w480.webp`): made from its image if missing.
 * Null when the key is not a variant of an allowed width or its image does not exist.
 */
export async function ensureVariant(storage: Storage, key: string): Promise<Buffer | null> {
  const match = VARIANT_KEY.exec(key);
  if (!match || !isMadeVariantKey(key)) return null;
  const existing = await storage.get(key);
  if (existing) return existing;
  for (const ext of SOURCE_EXTS) {
    // An image that cannot be read is skipped; a store that fails is no missing image.
    const input = await storage.get(`${match[1]}.${ext}`).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error;
      return null;
    });
    if (!input) continue;
    const output = await resize(input, Number(match[2]));
    await storage.put(key, output, 'image/webp');
    return output;
  }
  return null;
}

/** Asks the image-variants job for these images' variants; a queue that cannot be reached only delays them (the app makes them on request too). */
export async function queueVariants(
  s: { jobs: { send(spec: JobSpec, payload: unknown): Promise<unknown> }; log: { warn(line: string): void } }, keys: string[],
): Promise<void> {
  for (let i = 0; i < keys.length; i += 100) {
    await s.jobs.send(imageVariantsJob, { keys: keys.slice(i, i + 100) }).catch((error: Error) => s.log.warn(`image variants not queued: ${error.message}`));
  }
}
