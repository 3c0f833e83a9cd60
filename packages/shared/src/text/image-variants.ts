/**
 * Resized WebP variants of the site's stored images, kept beside each image in the same storage
 * (local disk or S3 behind a CDN): `…/0-image.3fa9c01b.jpg` has `…/0-image.3fa9c01b.w320.webp`, `….w480.webp`…
 * (the version in the name changes with the picture's bytes, so the variants' addresses do too).
 * The server makes them once per image; pages ask for the width they need.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const LOCAL_MEDIA = '/media/';
const IMAGE_EXT = /\.(?:jpe?g|png|webp|gif|avif)$/i;
/**
 * Names the app gives stored images (`{position}-{role}.{version}.{ext}`, or `{position}-{role}.{ext}`
 * from before content versions), wherever MEDIA_BASE_URL puts them.
 */
const STORED_IMAGE = /^https?:\/\/[^/?#]+\/[^?#]*\/\d+-(?:image|thumb|preview|file)(?:\.[0-9a-f]{8})?\.(?:jpe?g|png|webp|gif|avif)$/i;
const VARIANT = /\.w\d+\.webp$/i;

/** True for an image this site stores (and so has variants beside). */
export function hasImageVariants(src: string | null | undefined): src is string {
  if (!src || src.includes('?') || src.includes('#') || VARIANT.test(src)) return false;
  return (src.startsWith(LOCAL_MEDIA) && IMAGE_EXT.test(src)) || STORED_IMAGE.test(src);
}

/** The address of one variant: the image's own address with `.w{width}.webp` for its extension. */
export function imageVariantUrl(src: string, width: ImageWidth): string | null {
  if (!hasImageVariants(src)) return null;
  return src.replace(IMAGE_EXT, `.w${width}.webp`);
}

/** A srcset of every variant, or undefined for images hosted elsewhere. */
export function imageSrcSet(src: string | null | undefined): string | undefined {
  if (!hasImageVariants(src)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(src, w)} ${w}w`).join(', ');
}
