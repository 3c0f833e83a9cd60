// Article queries for ingestion and administration: any status, by Telegram source,
// and the one upsert keyed on (source, telegramId) that makes ingestion idempotent.
// Machine writes (`upsertIngested`, `update`) keep the fields an admin edited by hand
// (edit-protection.ts) and keep what they replace in the article's history (versions.ts); the
// admin's own saves go through `saveEdit`.
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';
import { ADMIN_ARTICLE_TABLE_MESSAGES } from '@chapar/shared/contracts';
import type { ArticleInsert, ArticleRow } from './article-row.ts';
import { keepAfter, keepBefore } from './change-log.ts';
import { keepEdited } from './edit-protection.ts';
import { versionRepo } from './versions.ts';

export type { ArticleInsert, ArticleRow } from './article-row.ts';

/** Fields an ingest writes; views, featured and createdAt belong to the site. */
export type IngestedFields = Omit<ArticleInsert, 'id' | 'views' | 'featured' | 'createdAt'>;

/** Whether writing `patch` would leave the row as it is (its update date aside). */
function writesNothing(row: ArticleRow, patch: Partial<ArticleInsert>): boolean {
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a ?? null) === JSON.stringify(b ?? null));
  return Object.entries(patch).every(([key, value]) => key === 'updatedAt' || value === undefined || same(row[key as keyof ArticleRow], value));
}

export const articleAdminRepo = {
  async byId(db: Db, id: number): Promise<ArticleRow | undefined> {
    const [row] = await db.select().from(articles).where(eq(articles.id, id));
    return row;
  },
  /** The row, locked until the caller's transaction ends: a write of it elsewhere waits, and this one reads it as that left it. */
  async lockById(tx: Db, id: number): Promise<ArticleRow | undefined> {
    const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    return row;
  },
  async byIds(db: Db, ids: number[]): Promise<ArticleRow[]> {
    return ids.length ? db.select().from(articles).where(inArray(articles.id, ids)).orderBy(asc(articles.id)) : [];
  },
  /** `byIds`, locked until the caller's transaction ends (in id order, so two such locks never wait on each other). */
  async lockByIds(tx: Db, ids: number[]): Promise<ArticleRow[]> {
    return ids.length ? tx.select().from(articles).where(inArray(articles.id, ids)).orderBy(asc(articles.id)).for('update') : [];
  },
  async bySource(db: Db, source: string, telegramId: number): Promise<ArticleRow | undefined> {
    const [row] = await db.select().from(articles).where(and(eq(articles.source, source), eq(articles.telegramId, telegramId)));
    return row;
  },
  /** The articles of many posts of one channel, in one query (in no particular order). */
  async bySourceIds(db: Db, source: string, telegramIds: number[]): Promise<ArticleRow[]> {
    return telegramIds.length ? db.select().from(articles).where(and(eq(articles.source, source), inArray(articles.telegramId, telegramIds))) : [];
  },
  /**
   * Inserts the post's article, or updates it if the post already has one; an update keeps
   * what an admin edited by hand (and an admin's publish or unpublish). With `overwriteEdits`
   * (the admin asked) the hand-edit marks, an admin's publishing choice aside, are released by this
   * same write: a run that fails before it leaves them, and the fields protected.
   */
  async upsertIngested(db: Db, fields: IngestedFields & { source: string; telegramId: number }, opts: { overwriteEdits?: boolean } = {}): Promise<{ article: ArticleRow; created: boolean; changed: boolean }> {
    const { publishedAt: _p, ...update } = fields;
    const published = update.status === 'published' ? { unpublishedReason: null, unpublishedAt: null } : {};
    const existing = await articleAdminRepo.bySource(db, fields.source, fields.telegramId);
    const released = existing && opts.overwriteEdits && existing.editedFields.some((f) => f !== 'status')
      ? { editedFields: existing.editedFields.filter((f) => f === 'status') } : null;
    const set = existing ? { ...keepEdited({ ...existing, ...released }, { ...update, ...published }), ...released } : { ...update, ...published };
    // Written again as it already is (a rewrite giving the same text): no new date, nothing for an undo to take back.
    if (existing && writesNothing(existing, set)) return { article: existing, created: false, changed: false };
    if (existing) await keepBefore(db, existing);
    const [row] = await db.insert(articles).values(fields)
      .onConflictDoUpdate({ target: [articles.source, articles.telegramId], set: { ...set, updatedAt: new Date() } })
      .returning({ ...getTableColumns(articles), created: sql<boolean>`(xmax = 0)` });
    const { created, ...article } = row;
    if (existing) {
      await keepAfter(db, article);
      await versionRepo.keepMachineWrite(db, existing, article, 'regenerate');
    }
    return { article, created, changed: true };
  },
  /** A machine write (repair jobs, media tasks): fields an admin edited by hand are kept. */
  async update(db: Db, id: number, patch: Partial<ArticleInsert>): Promise<ArticleRow | undefined> {
    const current = await articleAdminRepo.byId(db, id);
    if (!current) return undefined;
    const kept = keepEdited(current, patch);
    if (!Object.keys(kept).length) return current;
    await keepBefore(db, current);
    const [row] = await db.update(articles).set(kept).where(eq(articles.id, id)).returning();
    await keepAfter(db, row);
    if (row) await versionRepo.keepMachineWrite(db, current, row, 'job');
    return row;
  },
  /** An admin's save: written as given (the caller records which fields were edited). */
  /**
   * With `readAt`, writes only while the row is still as it was read (its update date, to the
   * millisecond a Date holds): undefined when it changed or went since, and nothing is written.
   */
  async saveEdit(db: Db, id: number, patch: Partial<ArticleInsert>, readAt?: Date): Promise<ArticleRow | undefined> {
    const unchanged = readAt && sql`date_trunc('milliseconds', ${articles.updatedAt}) = ${readAt.toISOString()}::timestamptz`;
    const [row] = await db.update(articles).set(patch).where(and(eq(articles.id, id), unchanged)).returning();
    if (row) await keepAfter(db, row);
    return row;
  },
  /**
   * A stored file moved to a new address (its bytes changed, decision 0018): every article showing
   * `from` as its cover or in its body points at `to`. No edit of the text, so hand-edited fields
   * are written too (the old file is going away); kept for the operation's undo. The ids changed.
   */
  async replaceMediaUrl(db: Db, from: string, to: string): Promise<number[]> {
    if (!from || from === to) return [];
    return db.transaction(async (tx) => {
      const shows = or(eq(articles.imageUrl, from), sql`strpos(${articles.content}, ${from}) > 0`);
      const rows = await tx.select().from(articles).where(shows).orderBy(asc(articles.id)).for('update');
      for (const row of rows) {
        await keepBefore(tx, row, ['imageUrl', 'content']);
        const [after] = await tx.update(articles).set({
          imageUrl: sql`CASE WHEN ${articles.imageUrl} = ${from} THEN ${to} ELSE ${articles.imageUrl} END`,
          content: sql`replace(${articles.content}, ${from}, ${to})`,
          updatedAt: new Date(),
        }).where(eq(articles.id, row.id)).returning();
        await keepAfter(tx, after);
      }
      return rows.map((row) => row.id);
    });
  },
  async delete(db: Db, ids: number[]): Promise<ArticleRow[]> {
    return ids.length ? db.delete(articles).where(inArray(articles.id, ids)).returning() : [];
  },
  /** The articles that changed (those not already so). */
  async setFeatured(db: Db, ids: number[], featured: boolean): Promise<number[]> {
    const rows = await db.update(articles).set({ featured }).where(and(inArray(articles.id, ids), ne(articles.featured, featured))).returning({ id: articles.id });
    return rows.map((row) => row.id);
  },
  /**
   * The post was deleted from its channel: its article leaves the site, saying why, unless an
   * admin chose its publishing state by hand.
   */
  async unpublishSource(db: Db, source: string, telegramId: number): Promise<number | null> {
    const existing = await articleAdminRepo.bySource(db, source, telegramId);
    if (!existing || existing.status === 'unpublished' || existing.editedFields.includes('status')) return null;
    await keepBefore(db, existing);
    const now = new Date();
    const [row] = await db.update(articles)
      .set({ status: 'unpublished', unpublishedReason: ADMIN_ARTICLE_TABLE_MESSAGES.deletedAtSource, unpublishedAt: now, updatedAt: now })
      .where(and(
        eq(articles.source, source), eq(articles.telegramId, telegramId), ne(articles.status, 'unpublished'),
        sql`NOT ('status' = ANY(${articles.editedFields}))`,
      ))
      .returning();
    await keepAfter(db, row);
    return row?.id ?? null;
  },
  /** Another article with the same text fingerprint (the same story posted twice). */
  async withTextHash(db: Db, hash: string, except: { source: string; telegramId: number }): Promise<ArticleRow | undefined> {
    const [row] = await db.select().from(articles).where(and(
      eq(articles.contentHash, hash),
      or(isNull(articles.source), ne(articles.source, except.source), ne(articles.telegramId, except.telegramId)),
    )).limit(1);
    return row;
  },
  /** Articles a repair job works on: newest first, by ids, source or a condition. */
  async forRepair(db: Db, scope: { ids?: number[]; source?: string; latest?: number; where?: SQL; telegramOnly?: boolean; limit: number }): Promise<ArticleRow[]> {
    const where: SQL[] = [];
    if (scope.ids) where.push(inArray(articles.id, scope.ids.length ? scope.ids : [-1]));
    if (scope.source) where.push(sql`lower(${articles.source}) = lower(${scope.source})`);
    if (scope.telegramOnly) where.push(isNotNull(articles.telegramId), isNotNull(articles.source));
    if (scope.where) where.push(scope.where);
    return db.select().from(articles).where(where.length ? and(...where) : undefined)
      .orderBy(desc(articles.publishedAt), desc(articles.id)).limit(Math.min(scope.latest ?? scope.limit, scope.limit));
  },
};
