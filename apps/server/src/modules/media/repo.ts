import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { mediaAssets, type Db } from '@chapar/db';

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
    if (keys.length) await db.update(mediaAssets).set({ articleId }).where(inArray(mediaAssets.storageKey, keys));
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
    const where = [eq(mediaAssets.kind, 'image')];
    if (opts.articleIds) where.push(inArray(mediaAssets.articleId, opts.articleIds.length ? opts.articleIds : [-1]));
    if (opts.onlyUnmarked) where.push(eq(mediaAssets.watermarked, false));
    return db.select().from(mediaAssets).where(and(...where)).orderBy(asc(mediaAssets.id)).limit(opts.limit);
  },
  async update(db: Db, id: number, patch: Partial<MediaAssetInsert>): Promise<void> {
    await db.update(mediaAssets).set(patch).where(eq(mediaAssets.id, id));
  },
};
