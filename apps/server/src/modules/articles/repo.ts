import { and, desc, eq, getTableColumns, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { articleRedirects, articles, type Db } from '@chapar/db';

export type ArticleRow = typeof articles.$inferSelect;

const published = eq(articles.status, 'published');
/**
 * Related articles are chosen among the newest articles of the same category and the newest of
 * all: scoring every published article read the whole table for each article page (a full scan
 * with a keyword intersection per row: the cost of a page grew with the archive).
 */
export const RELATED_SAME_CATEGORY_WINDOW = 300;
export const RELATED_RECENT_WINDOW = 500;

const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

/** Every column but the search-only ones, which readers never need. */
const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, ...publicColumns } = getTableColumns(articles);
export type PublicArticleRow = Omit<ArticleRow, 'searchTitle' | 'searchBody' | 'searchVector' | 'contentHash' | 'imageHash' | 'createdAt'>;

export const articleRepo = {
  async list(db: Db, opts: { offset: number; limit: number; category?: string }): Promise<PublicArticleRow[]> {
    const where: SQL[] = [published];
    if (opts.category) where.push(sql`lower(${articles.category}) = lower(${opts.category})`);
    return db.select(publicColumns).from(articles).where(and(...where))
      .orderBy(...newestFirst).limit(opts.limit).offset(opts.offset);
  },
  async count(db: Db): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(articles).where(published);
    return row.n;
  },
  async featured(db: Db, limit: number): Promise<PublicArticleRow[]> {
    return db.select(publicColumns).from(articles).where(and(published, eq(articles.featured, true)))
      .orderBy(...newestFirst).limit(limit);
  },
  async popular(db: Db, limit: number, since: Date): Promise<PublicArticleRow[]> {
    return db.select(publicColumns).from(articles).where(and(published, gte(articles.publishedAt, since)))
      .orderBy(desc(articles.views), desc(articles.id)).limit(limit);
  },
  async popularAllTime(db: Db, limit: number): Promise<PublicArticleRow[]> {
    return db.select(publicColumns).from(articles).where(published)
      .orderBy(desc(articles.views), desc(articles.id)).limit(limit);
  },
  async byId(db: Db, id: number): Promise<PublicArticleRow | undefined> {
    const [row] = await db.select(publicColumns).from(articles).where(and(eq(articles.id, id), published));
    return row;
  },
  /**
   * Same category and shared keywords first (2 for the category, 1 per shared keyword), then
   * the newest of the rest, among the newest of the same category and the newest of all. The
   * candidates' few small columns are read through the indexes and scored here; then only the
   * chosen rows are read.
   */
  async related(db: Db, article: Pick<ArticleRow, 'id' | 'category' | 'keywords'>, limit: number): Promise<PublicArticleRow[]> {
    const others = and(published, ne(articles.id, article.id));
    const candidateColumns = { id: articles.id, category: articles.category, keywords: articles.keywords, publishedAt: articles.publishedAt };
    const [sameCategory, recent] = await Promise.all([
      db.select(candidateColumns).from(articles).where(and(others, eq(articles.category, article.category))).orderBy(...newestFirst).limit(RELATED_SAME_CATEGORY_WINDOW),
      db.select(candidateColumns).from(articles).where(others).orderBy(...newestFirst).limit(RELATED_RECENT_WINDOW),
    ]);
    const keywords = new Set(article.keywords.split(',').map((k) => k.trim()).filter(Boolean));
    const scored = new Map<number, { id: number; score: number; at: number }>();
    for (const c of [...sameCategory, ...recent]) {
      if (scored.has(c.id)) continue;
      let score = c.category === article.category ? 2 : 0;
      if (keywords.size) for (const k of new Set(c.keywords.split(','))) if (keywords.has(k)) score++;
      scored.set(c.id, { id: c.id, score, at: c.publishedAt.getTime() });
    }
    const chosen = [...scored.values()].sort((a, b) => b.score - a.score || b.at - a.at || b.id - a.id).slice(0, limit).map((c) => c.id);
    if (!chosen.length) return [];
    const rows = await db.select(publicColumns).from(articles).where(and(published, inArray(articles.id, chosen)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return chosen.map((id) => byId.get(id)).filter((r): r is PublicArticleRow => r !== undefined);
  },
  async redirectFor(db: Db, fromId: number): Promise<number | undefined> {
    const [row] = await db.select({ toId: articleRedirects.toId }).from(articleRedirects).where(eq(articleRedirects.fromId, fromId));
    return row?.toId;
  },
};
