// The share image of an article (og:image): its photo cut to spec 01 §1's 1200 × 630 by the
// server, so the page can state the image's real size. Only for media the site serves under /media.

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
export const sharePathPrefix = '/img/share/';

/** The share image's path for an article photo stored under /media, else null. */
export function shareImagePath(imageUrl: string | null | undefined): string | null {
  const match = imageUrl ? /^\/media\/([^?#]+\.(?:jpe?g|png|webp|gif|avif))$/i.exec(imageUrl) : null;
  return match ? `${sharePathPrefix}${match[1]}` : null;
}
