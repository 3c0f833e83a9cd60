import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { articles, comments, deletedComments, type Db, type Tx } from '@chapar/db';

export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;

const adminColumns = {
  id: comments.id,
  articleId: comments.articleId,
  parentId: comments.parentId,
  authorName: comments.authorName,
  authorEmail: comments.authorEmail,
  content: comments.content,
  isApproved: comments.isApproved,
  createdAt: comments.createdAt,
  articleTitle: articles.title,
};
export type AdminCommentRow = Pick<CommentRow, Exclude<keyof typeof adminColumns, 'articleTitle'>> & { articleTitle: string };

export const commentRepo = {
  async publishedArticleExists(db: Db, articleId: number): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles)
      .where(and(eq(articles.id, articleId), eq(articles.status, 'published')));
    return Boolean(row);
  },

  async approvedForArticle(db: Db, articleId: number): Promise<CommentRow[]> {
    return db.select().from(comments)
      .where(and(eq(comments.articleId, articleId), eq(comments.isApproved, true)))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  },

  async byId(db: Db, id: number): Promise<CommentRow | undefined> {
    const [row] = await db.select().from(comments).where(eq(comments.id, id));
    return row;
  },

  /** Serialises one visitor's submissions until the transaction ends (both drivers). */
  async lockVisitor(tx: Tx, visitorKey: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comment:${visitorKey}`}))`);
  },

  /** Serialises one address's submissions until the transaction ends; taken before lockVisitor. */
  async lockAddress(tx: Tx, ipHash: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comment-ip:${ipHash}`}))`);
  },

  /** How many comments an address sent since each of the given times, and the oldest of them. */
  async countByAddressSince(db: Db, ipHash: string, since: Date[]): Promise<Array<{ count: number; oldest: number | null }>> {
    const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
    const inside = (from: Date) => sql`${comments.createdAt} > ${from.toISOString()}::timestamptz`;
    // Epoch milliseconds, read the same way from both drivers.
    const [row] = await db.select({
      counts: sql<number[]>`array[${sql.join(since.map((from) => sql`(count(*) filter (where ${inside(from)}))::int`), sql`, `)}]`,
      oldest: sql<Array<number | null>>`array[${sql.join(since.map((from) => sql`(extract(epoch from min(${comments.createdAt}) filter (where ${inside(from)})) * 1000)::float8`), sql`, `)}]`,
    }).from(comments).where(and(eq(comments.ipHash, ipHash), gt(comments.createdAt, earliest)));
    return since.map((_from, i) => ({
      count: Number(row.counts[i]),
      oldest: row.oldest[i] === null ? null : Number(row.oldest[i]),
    }));
  },

  async latestByVisitorSince(db: Db, visitorKey: string, since: Date): Promise<Date | undefined> {
    const [row] = await db.select({ createdAt: comments.createdAt }).from(comments)
      .where(and(eq(comments.visitorId, visitorKey), gt(comments.createdAt, since)))
      .orderBy(desc(comments.createdAt)).limit(1);
    return row?.createdAt;
  },

  async insert(db: Db, values: NewComment): Promise<CommentRow> {
    const [row] = await db.insert(comments).values(values).returning();
    return row;
  },

  async listForAdmin(db: Db, opts: { approved?: boolean; limit: number }): Promise<AdminCommentRow[]> {
    return db.select(adminColumns).from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(opts.approved === undefined ? undefined : eq(comments.isApproved, opts.approved))
      .orderBy(desc(comments.createdAt), desc(comments.id)).limit(opts.limit);
  },

  async stats(db: Db): Promise<{ total: number; pending: number; approved: number }> {
    const [row] = await db.select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${comments.isApproved}))::int`,
    }).from(comments);
    return { total: row.total, approved: row.approved, pending: row.total - row.approved };
  },

  /** Approves (or takes back the approval of) the comments not already so; how many changed. */
  /** Sets the approval of those of `ids` that differ; the ids it changed. */
  async setApproved(db: Db, ids: number[], isApproved: boolean): Promise<number[]> {
    const rows = await db.update(comments).set({ isApproved })
      .where(and(inArray(comments.id, ids), ne(comments.isApproved, isApproved))).returning({ id: comments.id });
    return rows.map((row) => row.id);
  },
  /** How many of `ids` name a comment. */
  async countExisting(db: Db, ids: number[]): Promise<number> {
    return (await db.select({ id: comments.id }).from(comments).where(inArray(comments.id, ids))).length;
  },
  async exists(db: Db, id: number): Promise<boolean> {
    return (await db.select({ id: comments.id }).from(comments).where(eq(comments.id, id))).length > 0;
  },

  /** The comments and every reply below them (replies have no foreign key to cascade). */
  async withReplies(db: Db, ids: number[]): Promise<number[]> {
    const all = new Set(ids);
    let frontier = [...all];
    while (frontier.length) {
      const children = await db.select({ id: comments.id }).from(comments).where(inArray(comments.parentId, frontier));
      frontier = children.map((r) => r.id).filter((id) => !all.has(id));
      for (const id of frontier) all.add(id);
    }
    return [...all];
  },

  /** Deletes the comments, keeping each row in deleted_comments first; the ids deleted. */
  async deleteIds(db: Db, ids: number[], by: string | null): Promise<number[]> {
    await db.execute(sql`
      INSERT INTO ${deletedComments} (comment_id, article_id, comment, deleted_by)
      SELECT c.id, c.article_id, to_jsonb(c), ${by} FROM ${comments} c WHERE c.id = ANY(${`{${ids.join(',')}}`}::int[])
      ON CONFLICT (comment_id) DO UPDATE SET article_id = excluded.article_id, comment = excluded.comment, deleted_by = excluded.deleted_by, deleted_at = now()`);
    const rows = await db.delete(comments).where(inArray(comments.id, ids)).returning({ id: comments.id });
    return rows.map((r) => r.id);
  },

  /** The kept comments above these in their threads (a reply's deleted parent, its parent, ...). */
  async keptAncestorIds(db: Db, ids: number[]): Promise<number[]> {
    const rows = await db.execute(sql`
      WITH RECURSIVE up(id) AS (
        SELECT (d.comment ->> 'parent_id')::int FROM ${deletedComments} d WHERE d.comment_id = ANY(${`{${ids.join(',')}}`}::int[])
        UNION
        SELECT (d.comment ->> 'parent_id')::int FROM ${deletedComments} d JOIN up ON d.comment_id = up.id
      )
      SELECT d.comment_id AS id FROM ${deletedComments} d JOIN up ON d.comment_id = up.id`);
    return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  },

  /** Writes kept comments back under their own ids (one whose id is taken is left out); the ids written back. */
  async restoreIds(db: Db, ids: number[]): Promise<number[]> {
    const rows = await db.execute(sql`
      WITH back AS (
        INSERT INTO ${comments} SELECT r.* FROM ${deletedComments} d
        CROSS JOIN LATERAL jsonb_populate_record(null::comments, d.comment) r
        WHERE d.comment_id = ANY(${`{${ids.join(',')}}`}::int[])
        ON CONFLICT DO NOTHING RETURNING id
      )
      DELETE FROM ${deletedComments} d USING back WHERE d.comment_id = back.id RETURNING d.comment_id AS id`);
    return (rows as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  },

  /** Kept deleted comments, most recently deleted first, with their article's title; and how many in all. */
  async listDeleted(db: Db, limit: number) {
    const rows = await db.select({
      id: deletedComments.commentId,
      author: sql<string>`${deletedComments.comment} ->> 'author_name'`,
      content: sql<string>`${deletedComments.comment} ->> 'content'`,
      articleId: deletedComments.articleId,
      articleTitle: articles.title,
      parentId: sql<number | null>`(${deletedComments.comment} ->> 'parent_id')::int`,
      isApproved: sql<boolean>`(${deletedComments.comment} ->> 'is_approved')::boolean`,
      createdAt: sql<string>`${deletedComments.comment} ->> 'created_at'`,
      deletedAt: deletedComments.deletedAt,
      deletedBy: deletedComments.deletedBy,
    }).from(deletedComments).innerJoin(articles, eq(articles.id, deletedComments.articleId))
      .orderBy(desc(deletedComments.deletedAt), desc(deletedComments.commentId)).limit(limit);
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(deletedComments);
    return { rows, total: Number(total) };
  },

  /** Removes kept comments deleted before `before`; how many. */
  async purgeDeleted(db: Db, before: Date): Promise<number> {
    const rows = await db.delete(deletedComments).where(sql`${deletedComments.deletedAt} < ${before.toISOString()}::timestamptz`).returning({ id: deletedComments.commentId });
    return rows.length;
  },
};
