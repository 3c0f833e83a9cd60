import { and, desc, eq, getTableColumns, gte, ne, sql, type SQL } from 'drizzle-orm';
import { articleRedirects, articles, type Db } from '@chapar/db';

export type ArticleRow = typeof articles.$inferSelect;

const published = eq(articles.status, 'published');
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
  /** Same category and shared keywords first, then the newest of the rest. */
  async related(db: Db, article: Pick<ArticleRow, 'id' | 'category' | 'keywords'>, limit: number): Promise<PublicArticleRow[]> {
    const keywords = article.keywords.split(',').map((k) => k.trim()).filter(Boolean);
    const shared = keywords.length
      ? sql`cardinality(array(select unnest(string_to_array(${articles.keywords}, ',')) intersect select unnest(${sql.param(keywords)}::text[])))`
      : sql`0`;
    const score = sql`(case when ${articles.category} = ${article.category} then 2 else 0 end) + ${shared}`;
    return db.select(publicColumns).from(articles).where(and(published, ne(articles.id, article.id)))
      .orderBy(desc(score), ...newestFirst).limit(limit);
  },
  async redirectFor(db: Db, fromId: number): Promise<number | undefined> {
    const [row] = await db.select({ toId: articleRedirects.toId }).from(articleRedirects).where(eq(articleRedirects.fromId, fromId));
    return row?.toId;
  },
};
