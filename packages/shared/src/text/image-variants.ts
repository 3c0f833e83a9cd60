/**
 * Resized WebP variants of locally hosted images: `/img/w{width}/{path under /media}`.
 * The server makes each variant once and keeps it; pages ask for the width they need.
 */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const LOCAL_MEDIA = '/media/';

export function imageVariantUrl(src: string, width: ImageWidth): string | null {
  if (!src.startsWith(LOCAL_MEDIA)) return null;
  return `/img/w${width}/${src.slice(LOCAL_MEDIA.length)}`;
}

/** A srcset of every variant, or undefined for images hosted elsewhere. */
export function imageSrcSet(src: string | null | undefined): string | undefined {
  if (!src || !src.startsWith(LOCAL_MEDIA)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(src, w)} ${w}w`).join(', ');
}
