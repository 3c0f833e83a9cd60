// Deleted articles are kept, not destroyed: the row and what hangs from it go to
// deleted_articles in the delete's own transaction, the files stay in the store, and an editor
// can restore the article under the same id until the daily purge takes it and its files.
import { count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { articles, deletedArticles, type Db, type MergedInto } from '@chapar/db';
import { DELETED_ARTICLE_MESSAGES, type DeletedArticle, type DeletedArticleList, type RestoreDeletedResponse } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { AppError, notFound } from '../../errors.ts';
import type { MediaAssetRow } from '../media/repo.ts';
import type { Services } from '../../services.ts';
import { deleteMedia, unlessShown } from '../media/store-media.ts';

/**
 * What hangs from an article by article_id and goes and comes back with it. A breaking-news alert
 * comes back so that a restored article is not pushed to readers a second time (its sends do not);
 * its deleted comments come back still restorable.
 */
const RELATED = ['comments', 'ratings', 'bookmarks', 'article_versions', 'article_speech_texts', 'push_alerts', 'deleted_comments'] as const;

/** The articles columns a row can be written to (the database computes the generated ones). */
const WRITABLE_NAMES = Object.values(getTableColumns(articles)).filter((c) => !c.generated).map((c) => `"${c.name}"`);
const WRITABLE = sql.raw(WRITABLE_NAMES.join(', '));
const WRITABLE_OF_R = sql.raw(WRITABLE_NAMES.map((name) => `r.${name}`).join(', '));
const GENERATED = Object.values(getTableColumns(articles)).filter((c) => c.generated).map((c) => c.name);

const idArray = (ids: number[]) => `{${ids.join(',')}}`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Keeps the articles about to be deleted, on the delete's transaction, before their rows go. */
export async function keepDeleted(tx: Db, ids: number[], reason: string, by: string | null): Promise<void> {
  if (!ids.length) return;
  const related = sql.join(RELATED.map((table) => sql`${table}::text, COALESCE((SELECT jsonb_agg(to_jsonb(x)) FROM ${sql.identifier(table)} x WHERE x.article_id = a.id), '[]'::jsonb)`), sql`, `);
  await tx.execute(sql`
    INSERT INTO deleted_articles (article_id, title, category, status, source, telegram_id, reason, deleted_by, article, related, comment_count, file_ids)
    SELECT a.id, a.title, a.category, a.status, a.source, a.telegram_id, ${reason}, ${by},
      to_jsonb(a) - ${`{${GENERATED.join(',')}}`}::text[], jsonb_build_object(${related}),
      (SELECT count(*) FROM comments c WHERE c.article_id = a.id),
      COALESCE((SELECT array_agg(m.id ORDER BY m.position, m.id) FROM media_assets m WHERE m.article_id = a.id), '{}')
    FROM articles a WHERE a.id = ANY(${idArray(ids)}::int[])
    ON CONFLICT (article_id) DO UPDATE SET title = excluded.title, category = excluded.category, status = excluded.status,
      source = excluded.source, telegram_id = excluded.telegram_id, reason = excluded.reason, deleted_by = excluded.deleted_by,
      deleted_at = now(), article = excluded.article, related = excluded.related, comment_count = excluded.comment_count, file_ids = excluded.file_ids`);
}

/**
 * Notes on a removed duplicate's entry (just kept, on the removal's transaction) what its removal
 * gave the article it duplicated; its comments will come back with it.
 */
export async function noteMerged(tx: Db, id: number, merged: MergedInto): Promise<void> {
  await tx.update(deletedArticles).set({ merged, commentCount: merged.commentIds.length }).where(eq(deletedArticles.articleId, id));
}

/**
 * A restored duplicate takes back what its removal gave the article it duplicated: its comments
 * still there (with the replies written under them since), its ratings and bookmarks still there,
 * and its views from that article's count.
 */
async function takeBackMerged(tx: Db, done: SQL): Promise<void> {
  await tx.execute(sql`
    WITH RECURSIVE moved AS (
      SELECT c.id, d.article_id AS back_to FROM comments c JOIN deleted_articles d
        ON d.article_id = ANY(${done}) AND d.merged IS NOT NULL AND c.article_id = (d.merged ->> 'into')::int AND d.merged -> 'commentIds' @> to_jsonb(c.id)
      UNION
      SELECT c.id, m.back_to FROM comments c JOIN moved m ON c.parent_id = m.id
    )
    UPDATE comments c SET article_id = m.back_to FROM moved m WHERE c.id = m.id`);
  // No clash: a reader whose rating or bookmark moved had none left on the duplicate.
  for (const [table, key] of [['ratings', 'ratingIds'], ['bookmarks', 'bookmarkIds']] as const) {
    await tx.execute(sql`
      UPDATE ${sql.identifier(table)} x SET article_id = d.article_id FROM deleted_articles d
      WHERE d.article_id = ANY(${done}) AND d.merged IS NOT NULL AND x.article_id = (d.merged ->> 'into')::int
        AND d.merged -> ${key}::text @> to_jsonb(x.id)`);
  }
  await tx.execute(sql`
    UPDATE articles a SET views = GREATEST(a.views - m.views, 0)
    FROM (SELECT (merged ->> 'into')::int AS into, sum((merged ->> 'views')::int) AS views FROM deleted_articles
      WHERE article_id = ANY(${done}) AND merged IS NOT NULL GROUP BY 1) m
    WHERE a.id = m.into`);
}

/** The article a deleted one's Telegram post was made into again, if any. */
const remadeAs = sql<number | null>`(SELECT a.id FROM articles a WHERE a.source = "deleted_articles"."source" AND a.telegram_id = "deleted_articles"."telegram_id" LIMIT 1)`;

export async function listDeleted(s: Pick<Services, 'db' | 'config'>, page: number, limit: number): Promise<DeletedArticleList> {
  const rows = await s.db.select({
    id: deletedArticles.articleId, title: deletedArticles.title, category: deletedArticles.category, status: deletedArticles.status,
    source: deletedArticles.source, telegramId: deletedArticles.telegramId, reason: deletedArticles.reason, deletedBy: deletedArticles.deletedBy,
    deletedAt: deletedArticles.deletedAt, comments: deletedArticles.commentCount, files: sql<number>`cardinality(${deletedArticles.fileIds})`, remadeAs,
  }).from(deletedArticles).orderBy(desc(deletedArticles.deletedAt), desc(deletedArticles.articleId)).limit(limit).offset((page - 1) * limit);
  const [{ total }] = await s.db.select({ total: count() }).from(deletedArticles);
  const retentionMs = s.config.trashRetentionDays * 86_400_000;
  const articlesOut: DeletedArticle[] = rows.map((row) => ({
    ...row,
    files: Number(row.files),
    remadeAs: row.remadeAs === null ? null : Number(row.remadeAs),
    deletedAt: row.deletedAt.toISOString(),
    purgeAt: new Date(row.deletedAt.getTime() + retentionMs).toISOString(),
  }));
  return { articles: articlesOut, total, page, limit, retentionDays: s.config.trashRetentionDays };
}

/** Why each asked-for article cannot come back now (read on the restore's transaction, entries locked). */
async function restoreBlockers(tx: Db, ids: number[]): Promise<Map<number, string>> {
  const entries = await tx.select({ id: deletedArticles.articleId, remadeAs, exists: sql<boolean>`EXISTS (SELECT 1 FROM articles a WHERE a.id = "deleted_articles"."article_id")` })
    .from(deletedArticles).where(inArray(deletedArticles.articleId, ids)).for('update');
  const found = new Map(entries.map((entry) => [entry.id, entry]));
  const blockers = new Map<number, string>();
  for (const id of ids) {
    const entry = found.get(id);
    if (!entry) blockers.set(id, DELETED_ARTICLE_MESSAGES.notFound);
    else if (entry.remadeAs !== null) blockers.set(id, `${DELETED_ARTICLE_MESSAGES.remade} (مقالهٔ ${fa(Number(entry.remadeAs))})`);
    else if (entry.exists) blockers.set(id, DELETED_ARTICLE_MESSAGES.exists);
  }
  return blockers;
}

/**
 * Writes kept articles back, all in a few statements: the rows (one that meets an article made
 * meanwhile is left out), what hung from them, their files; the entries go, and their posts leave
 * the blocklist and point at them again. Returns the ids written back.
 */
async function writeBack(tx: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const back = rowsOf<{ id: number }>(await tx.execute(sql`
    INSERT INTO articles (${WRITABLE})
    SELECT ${WRITABLE_OF_R} FROM deleted_articles d CROSS JOIN LATERAL jsonb_populate_record(null::articles, d.article) r
    WHERE d.article_id = ANY(${idArray(ids)}::int[])
    ON CONFLICT DO NOTHING RETURNING id`)).map((row) => Number(row.id));
  if (!back.length) return [];
  const done = sql`${idArray(back)}::int[]`;
  for (const table of RELATED) {
    const name = sql.identifier(table);
    await tx.execute(sql`INSERT INTO ${name} SELECT r.* FROM deleted_articles d
      CROSS JOIN LATERAL jsonb_populate_recordset(null::${name}, d.related -> ${table}::text) r WHERE d.article_id = ANY(${done})`);
  }
  await tx.execute(sql`UPDATE media_assets m SET article_id = d.article_id FROM deleted_articles d
    WHERE d.article_id = ANY(${done}) AND m.id = ANY(d.file_ids) AND m.article_id IS NULL`);
  // Files set aside that they show (another article's, kept for them when it was purged: unlessShown).
  await tx.execute(sql`UPDATE media_assets m SET article_id = a.id, replaced_at = NULL FROM articles a
    WHERE a.id = ANY(${done}) AND m.replaced_at IS NOT NULL AND m.url <> '' AND (m.url = a.image_url OR m.url = a.video_url OR strpos(a.content, m.url) > 0)`);
  await takeBackMerged(tx, done);
  // A removed duplicate's address pointed at the article it duplicated; it has its own again.
  await tx.execute(sql`DELETE FROM article_redirects WHERE from_id = ANY(${done})`);
  await tx.execute(sql`
    WITH gone AS (DELETE FROM deleted_articles WHERE article_id = ANY(${done}) RETURNING article_id, source, telegram_id),
      unblocked AS (DELETE FROM blocked_posts b USING gone g WHERE b.source = g.source AND b.telegram_id = g.telegram_id)
    UPDATE telegram_posts p SET state = 'published', article_id = g.article_id FROM gone g
    WHERE p.source = g.source AND p.telegram_id = g.telegram_id AND p.deleted_at IS NULL AND p.state = 'blocked'`);
  return back;
}

/** Restores deleted articles; one that cannot come back is listed with why, and the rest go on. */
export async function restoreDeleted(s: Pick<Services, 'db' | 'contentChanged'>, ids: number[]): Promise<RestoreDeletedResponse> {
  const wanted = [...new Set(ids)];
  const { restored, skipped } = await s.db.transaction(async (tx) => {
    const blockers = await restoreBlockers(tx, wanted);
    const back = new Set(await writeBack(tx, wanted.filter((id) => !blockers.has(id))));
    return {
      restored: wanted.filter((id) => back.has(id)),
      skipped: wanted.filter((id) => !back.has(id)).map((id) => ({ articleId: id, reason: blockers.get(id) ?? DELETED_ARTICLE_MESSAGES.remade })),
    };
  });
  if (restored.length) s.contentChanged();
  if (!restored.length && wanted.length === 1) {
    throw skipped[0].reason === DELETED_ARTICLE_MESSAGES.notFound ? notFound(skipped[0].reason) : new AppError('conflict', skipped[0].reason);
  }
  const message = restored.length
    ? `${fa(restored.length)} مقاله بازگردانده شد${skipped.length ? `؛ ${fa(skipped.length)} مقاله بازگردانده نشد` : ''}`
    : `هیچ مقاله‌ای بازگردانده نشد`;
  return { success: restored.length > 0, message, restored, skipped };
}

/**
 * Removes files of purged articles, one at a time. A store that fails stops it: the files left
 * stay listed (logged) and the caller keeps what names them, to try again. True when all went.
 */
export async function removeArticleFiles(s: Pick<Services, 'media' | 'log'>, files: Array<Pick<MediaAssetRow, 'storageKey'>>): Promise<boolean> {
  for (const [i, file] of files.entries()) {
    try {
      await deleteMedia(s.media, [file]);
    } catch (error) {
      // The store is failing: the rest would fail the same way, each after its own deadline.
      const left = files.slice(i).map((f) => f.storageKey).join(', ');
      s.log.warn(`files of deleted articles left in the media store (${left}): ${(error as Error).message}`);
      return false;
    }
  }
  return true;
}

/** The files of a kept article that only it had: those still linked to no article. */
async function filesOf(db: Db, id: number): Promise<Array<Pick<MediaAssetRow, 'storageKey' | 'url'>>> {
  return rowsOf<Pick<MediaAssetRow, 'storageKey' | 'url'>>(await db.execute(sql`
    SELECT m.storage_key AS "storageKey", m.url FROM media_assets m
    WHERE m.id IN (SELECT unnest(d.file_ids) FROM deleted_articles d WHERE d.article_id = ${id}) AND m.article_id IS NULL AND m.storage_key LIKE 'tg/%'
    ORDER BY m.id`));
}

/** The kept article's podcast file, made for it alone (podcasts/ keys carry the article's id). */
async function podcastOf(s: Pick<Services, 'db' | 'media'>, id: number): Promise<Array<Pick<MediaAssetRow, 'storageKey'>>> {
  const [row] = await s.db.select({ url: sql<string | null>`${deletedArticles.article} ->> 'podcast_url'` }).from(deletedArticles).where(eq(deletedArticles.articleId, id));
  const key = row?.url ? s.media.storage.keyFromUrl(row.url) : null;
  return key?.startsWith('podcasts/') ? [{ storageKey: key }] : [];
}

/**
 * Removes a kept article for good: its files and podcast first (a file another article, live or
 * deleted, shows is kept for it: unlessShown), then its readers' events and the entry. False when the store kept some.
 */
async function purgeOne(s: Pick<Services, 'db' | 'media' | 'log'>, id: number): Promise<boolean> {
  const files = await unlessShown(s.media, await filesOf(s.db, id), id);
  if (!(await removeArticleFiles(s, [...files, ...await podcastOf(s, id)]))) return false;
  await s.db.transaction(async (tx) => {
    // Its readers' events were kept for a restore (no foreign key takes them with the article).
    await tx.execute(sql`DELETE FROM analytics_events WHERE article_id = ${id} AND NOT EXISTS (SELECT 1 FROM articles WHERE id = ${id})`);
    await tx.delete(deletedArticles).where(eq(deletedArticles.articleId, id));
  });
  return true;
}

/** An editor's "delete for good" of one kept article. */
export async function purgeDeleted(s: Pick<Services, 'db' | 'media' | 'log'>, id: number): Promise<{ success: boolean; message: string }> {
  const [entry] = await s.db.select({ id: deletedArticles.articleId }).from(deletedArticles).where(eq(deletedArticles.articleId, id));
  if (!entry) throw notFound(DELETED_ARTICLE_MESSAGES.notFound);
  if (!(await purgeOne(s, id))) throw new AppError('unavailable', DELETED_ARTICLE_MESSAGES.filesLeft);
  return { success: true, message: 'مقاله برای همیشه حذف شد' };
}

/** The daily purge: every entry kept longer than the retention, oldest first (then by id); one the store refuses waits for the next run. */
export async function purgeExpired(s: Pick<Services, 'db' | 'media' | 'log'>, before: Date): Promise<{ purged: number; left: number }> {
  const due = await s.db.select({ id: deletedArticles.articleId }).from(deletedArticles)
    .where(sql`${deletedArticles.deletedAt} < ${before.toISOString()}::timestamptz`).orderBy(deletedArticles.deletedAt, deletedArticles.articleId);
  let purged = 0;
  for (const { id } of due) {
    if (await purgeOne(s, id)) purged += 1;
    else return { purged, left: due.length - purged };
  }
  return { purged, left: 0 };
}
