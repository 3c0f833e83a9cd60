// The watermark tab's 'new media status': stored images and videos, how many lack the mark,
// what the last day brought and the newest few files.
import { desc, inArray, sql } from 'drizzle-orm';
import { mediaAssets, type Db } from '@chapar/db';
import type { MediaStatus } from '@chapar/shared/contracts';

export const RECENT_MEDIA = 6;

export async function mediaStatus(db: Db): Promise<MediaStatus> {
  const marked = inArray(mediaAssets.kind, ['image', 'video']);
  const [counts] = await db.select({
    images: sql<number>`count(*) filter (where ${mediaAssets.kind} = 'image')::int`,
    videos: sql<number>`count(*) filter (where ${mediaAssets.kind} = 'video')::int`,
    unmarked: sql<number>`count(*) filter (where not ${mediaAssets.watermarked})::int`,
    dayTotal: sql<number>`count(*) filter (where ${mediaAssets.createdAt} > now() - interval '24 hours')::int`,
    dayMarked: sql<number>`count(*) filter (where ${mediaAssets.createdAt} > now() - interval '24 hours' and ${mediaAssets.watermarked})::int`,
  }).from(mediaAssets).where(marked);
  const recent = await db.select({
    id: mediaAssets.id, kind: mediaAssets.kind, url: mediaAssets.url, watermarked: mediaAssets.watermarked, articleId: mediaAssets.articleId, createdAt: mediaAssets.createdAt,
  }).from(mediaAssets).where(marked).orderBy(desc(mediaAssets.id)).limit(RECENT_MEDIA);
  return {
    images: counts?.images ?? 0,
    videos: counts?.videos ?? 0,
    unmarked: counts?.unmarked ?? 0,
    last24h: { total: counts?.dayTotal ?? 0, watermarked: counts?.dayMarked ?? 0 },
    recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
