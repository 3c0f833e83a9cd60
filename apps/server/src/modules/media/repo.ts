import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { articles, deletedArticles, mediaAssets, type Db } from '@chapar/db';

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
export type MediaAssetInsert = typeof mediaAssets.$inferInsert;

export const mediaRepo = {
  /** Insert or replace by storage key: storing the same file again never makes a second row. */
  async upsert(db: Db, row: MediaAssetInsert): Promise<MediaAssetRow> {
    const { storageKey: _key, createdAt: _c, id: _id, ...rest } = row;
    const [saved] = await db.insert(mediaAssets).values(row)
      .onConflictDoUpdate({ target: mediaAssets.storageKey, set: rest }).returning();
    return saved;
  },
  async attach(db: Db, keys: string[], articleId: number): Promise<void> {
    if (keys.length) await db.update(mediaAssets).set({ articleId, replacedAt: null }).where(inArray(mediaAssets.storageKey, keys));
  },
  /** Files no article should show any more (an edited post's, a picture marked again): off the article, kept for an undo until the purge (purgeSetAside). */
  async setAside(db: Db, keys: string[], at: Date): Promise<void> {
    if (keys.length) await db.update(mediaAssets).set({ articleId: null, replacedAt: at }).where(inArray(mediaAssets.storageKey, keys));
  },
  /** Files set aside that the article shows (its cover, its video, a figure in its body): what an undo or a restore brings back. */
  async setAsideShown(db: Db, shown: { imageUrl: string | null; videoUrl: string | null; content: string }): Promise<MediaAssetRow[]> {
    const urls = [shown.imageUrl, shown.videoUrl].filter((url): url is string => Boolean(url));
    return db.select().from(mediaAssets).where(and(isNotNull(mediaAssets.replacedAt), or(
      ...(urls.length ? [inArray(mediaAssets.url, urls)] : []),
      and(sql`${mediaAssets.url} <> ''`, sql`strpos(${shown.content}::text, ${mediaAssets.url}) > 0`),
    )));
  },
  /** An article that still shows one of these addresses (its cover, its video, a figure in its body), or null. */
  async articleShowing(db: Db, urls: string[]): Promise<number | null> {
    const shows = urls.filter(Boolean).map((url) => or(eq(articles.imageUrl, url), eq(articles.videoUrl, url), sql`strpos(${articles.content}, ${url}) > 0`));
    if (!shows.length) return null;
    const [row] = await db.select({ id: articles.id }).from(articles).where(or(...shows)).orderBy(asc(articles.id)).limit(1);
    return row?.id ?? null;
  },
  /** Whether a deleted article still restorable (other than `besides`) shows one of these addresses. */
  async trashShowing(db: Db, urls: string[], besides: number | null): Promise<boolean> {
    const kept = sql`${deletedArticles.article}`;
    const shows = urls.filter(Boolean).map((url) => sql`(${kept} ->> 'image_url' = ${url} OR ${kept} ->> 'video_url' = ${url} OR strpos(${kept} ->> 'content', ${url}) > 0)`);
    if (!shows.length) return false;
    const others = besides === null ? sql`true` : sql`${deletedArticles.articleId} <> ${besides}`;
    const [row] = await db.select({ id: deletedArticles.articleId }).from(deletedArticles).where(and(others, or(...shows))).limit(1);
    return Boolean(row);
  },
  /** Files set aside before `before`: the purge's. */
  async setAsideBefore(db: Db, before: Date): Promise<MediaAssetRow[]> {
    return db.select().from(mediaAssets).where(lt(mediaAssets.replacedAt, before));
  },
  /** Assets of the article other than `keep` (media an edited post no longer has). */
  async othersOf(db: Db, articleId: number, keep: string[]): Promise<MediaAssetRow[]> {
    const where = keep.length ? and(eq(mediaAssets.articleId, articleId), notInArray(mediaAssets.storageKey, keep)) : eq(mediaAssets.articleId, articleId);
    return db.select().from(mediaAssets).where(where);
  },
  async forArticle(db: Db, articleId: number): Promise<MediaAssetRow[]> {
    return db.select().from(mediaAssets).where(eq(mediaAssets.articleId, articleId)).orderBy(asc(mediaAssets.position));
  },
  /** The files that came with the articles' posts (tg/…); uploads an admin put in are not among them. */
  async byKey(db: Db, key: string): Promise<MediaAssetRow | undefined> {
    const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.storageKey, key));
    return row;
  },
  async deleteKeys(db: Db, keys: string[]): Promise<void> {
    if (keys.length) await db.delete(mediaAssets).where(inArray(mediaAssets.storageKey, keys));
  },
  async images(db: Db, opts: { articleIds?: number[]; onlyUnmarked?: boolean; limit: number }): Promise<MediaAssetRow[]> {
    // Files set aside (no article shows them, the purge removes them) are not marked or checked.
    const where = [eq(mediaAssets.kind, 'image'), isNull(mediaAssets.replacedAt)];
    if (opts.articleIds) where.push(inArray(mediaAssets.articleId, opts.articleIds.length ? opts.articleIds : [-1]));
    if (opts.onlyUnmarked) where.push(eq(mediaAssets.watermarked, false));
    return db.select().from(mediaAssets).where(and(...where)).orderBy(asc(mediaAssets.id)).limit(opts.limit);
  },
  async update(db: Db, id: number, patch: Partial<MediaAssetInsert>): Promise<void> {
    await db.update(mediaAssets).set(patch).where(eq(mediaAssets.id, id));
  },
};
