import { and, desc, eq, getTableColumns, gte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ARTICLE_SUMMARY_FIELDS, type ArticleSummary } from '@chapar/shared/contracts';
import { articleRedirects, articles, preparedRead, type Db } from '@chapar/db';

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
const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, cardMinutes: _m, ...publicColumns } = getTableColumns(articles);
export type PublicArticleRow = Omit<ArticleRow, 'searchTitle' | 'searchBody' | 'searchVector' | 'contentHash' | 'imageHash' | 'createdAt' | 'cardMinutes'>;

export interface ArticlePageRows<Related = PublicArticleRow> {
  /** The id this one now points to (spec 02: 884 → 885), if the redirect table names one. */
  movedTo: number | undefined;
  /** The published article, if there is one. */
  article: PublicArticleRow | undefined;
  /** Its related articles, best first (empty without an article). */
  related: Related[];
}

type JsonRow = Record<string, unknown>;
const publicEntries = Object.entries(publicColumns);
/** One article row as a JSON object with the row type's own keys (a table alias's columns). */
const rowJson = (alias: string) => sql.raw(`json_build_object(${publicEntries.map(([key, column]) => `'${key}', ${alias}."${column.name}"`).join(', ')})`);
const timestampKeys = publicEntries.filter(([, column]) => column.columnType === 'PgTimestamp').map(([key]) => key);
function fromJson(json: JsonRow): PublicArticleRow {
  for (const key of timestampKeys) if (typeof json[key] === 'string') json[key] = new Date(json[key]);
  return json as PublicArticleRow;
}

/** What JavaScript's String.prototype.trim() removes, for the keywords' btrim below. */
const TRIMMED = '\t\n\u000b\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * CTEs `a` (the published article) and `chosen` (its related articles' ids, `ord` 1 first).
 * Same category and shared keywords first (2 for the category, 1 per distinct shared keyword),
 * then the newest (to the millisecond), then the highest id, among the newest
 * RELATED_SAME_CATEGORY_WINDOW of the same category and the newest RELATED_RECENT_WINDOW of
 * all: scoring every published article read the whole table for each article page, and the
 * cost of a page grew with the archive. Scored in the database: only the chosen ids leave it.
 * At 100,000 articles the statement's plan matters: the category window is read through the
 * category index (a lateral subquery, so the plan kept for every article can use it; as a join
 * on `a` it walked the newest of all articles until 300 of the category turned up), the two
 * windows are joined without hashing their rows, and the keywords are counted in one pass over
 * all candidates instead of a subquery each.
 */
const relatedSql = (id: Placeholder, limit: Placeholder): SQL =>
  sql`a as (select * from ${articles} where ${articles.id} = ${id} and ${articles.status} = 'published'),
    wanted as (select coalesce(array_agg(distinct k) filter (where k <> ''), '{}') as keys
      from a, lateral (select btrim(part, E'${sql.raw(TRIMMED)}') as k from unnest(string_to_array(a.keywords, ',')) part) parts),
    same_category as (select c.* from a cross join lateral (
        select x.id, x.category, x.keywords, x.published_at from ${articles} x
        where x.category = a.category and x.status = 'published' and x.id <> a.id
        order by x.published_at desc, x.id desc limit ${sql.raw(String(RELATED_SAME_CATEGORY_WINDOW))}) c),
    recent as (select c.id, c.category, c.keywords, c.published_at from ${articles} c, a
        where c.status = 'published' and c.id <> a.id
        order by c.published_at desc, c.id desc limit ${sql.raw(String(RELATED_RECENT_WINDOW))}),
    candidates as (select * from same_category
      union all select * from recent r where not exists (select 1 from same_category s where s.id = r.id)),
    shared as (select k.id, count(distinct k.part) as n
      from (select c.id, unnest(string_to_array(c.keywords, ',')) as part from candidates c) k, wanted
      where k.part = any(wanted.keys) group by k.id),
    scored as (select c.id, c.published_at,
        (case when c.category = a.category then 2 else 0 end) + coalesce(shared.n, 0) as score
      from candidates c cross join a left join shared on shared.id = c.id),
    chosen as (select id, row_number() over (order by score desc, date_trunc('milliseconds', published_at) desc, id desc) as ord
      from scored order by ord limit ${limit})`;

// The reads every uncached public page makes, each planned once per connection (preparedRead).
type ArticleJson = { article: JsonRow };
const byIdRead = preparedRead<ArticleJson>('article_by_id',
  sql`select ${rowJson('a')} as article from ${articles} a where a.id = ${sql.placeholder('id')} and a.status = 'published'`);
const columnName = (key: string) => (publicColumns as Record<string, { name: string }>)[key].name;
/** An ISO date as JavaScript's toISOString() writes it (UTC, milliseconds, Z): the API's form. */
const isoDate = (alias: string, key: string) => `to_char(${alias}."${columnName(key)}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A summary as JSON, with the card's reading time the database keeps (articles.cardMinutes). */
const summaryJson = (alias: string) => sql.raw(`json_build_object(${ARTICLE_SUMMARY_FIELDS.map((key) => `'${key}', ${key === 'publishedAt' || key === 'updatedAt' ? isoDate(alias, key) : `${alias}."${columnName(key)}"`}`).join(', ')},
  'cardMinutes', ${alias}."${articles.cardMinutes.name}")`);
type ListOptions = { offset: number; limit: number; category?: string };
/** The newest published articles, of all or of one category, each as `value` (one JSON value a row). */
function newestList<T>(name: string, value: SQL): (db: Db, opts: ListOptions) => Promise<T[]> {
  const newest = sql`order by a.published_at desc, a.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const all = preparedRead<{ value: T }>(`${name}_newest`, sql`select ${value} as value from ${articles} a where a.status = 'published' ${newest}`);
  const inCategory = preparedRead<{ value: T }>(`${name}_newest_in_category`,
    sql`select ${value} as value from ${articles} a where a.status = 'published' and lower(a.category) = lower(${sql.placeholder('category')}) ${newest}`);
  return async (db, { offset, limit, category }) => {
    const rows = category ? await inCategory(db, { category, limit, offset }) : await all(db, { limit, offset });
    return rows.map((row) => row.value);
  };
}
const newestArticles = newestList<JsonRow>('articles', rowJson('a'));
const newestSummaries = newestList<ArticleSummary>('article_summaries', summaryJson('a'));
/** The article page's one read: the redirect, the article and its related articles, each as `related` (alias r). */
const articlePageSql = (related: SQL) => sql`with ${relatedSql(sql.placeholder('id'), sql.placeholder('limit'))}
    select (select to_id from ${articleRedirects} where from_id = ${sql.placeholder('id')}) as moved_to,
      (select ${rowJson('a')} from a) as article,
      (select coalesce(json_agg(${related} order by chosen.ord), '[]'::json) from chosen join ${articles} r on r.id = chosen.id) as related`;
const articlePageRead = preparedRead<{ moved_to: number | null; article: JsonRow | null; related: JsonRow[] }>('article_page', articlePageSql(rowJson('r')));
const articlePageSummariesRead = preparedRead<{ moved_to: number | null; article: JsonRow | null; related: ArticleSummary[] }>('article_page_summaries', articlePageSql(summaryJson('r')));

export const articleRepo = {
  /** The newest published articles (of one category when named): the lists every page shows. */
  async list(db: Db, opts: ListOptions): Promise<PublicArticleRow[]> {
    return (await newestArticles(db, opts)).map(fromJson);
  },
  /**
   * The same lists as summaries (ARTICLE_SUMMARY_FIELDS and the card's reading time), for the
   * server's own pages: the bodies stay in the database. Reading six articles' bodies only to
   * measure their length was half the time of each list read.
   */
  async summaries(db: Db, opts: ListOptions): Promise<ArticleSummary[]> {
    return newestSummaries(db, opts);
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
    const [row] = await byIdRead(db, { id });
    return row ? fromJson(row.article) : undefined;
  },
  /**
   * The article page's data in one round trip: where the id was moved to (the redirect table),
   * the published article, and its related articles (`relatedSql`). An uncached article page
   * used to pay for five reads (the redirect, the article, two candidate windows and the chosen
   * rows), each a parse, plan and result decode of its own on the server's thread.
   */
  async articlePage(db: Db, id: number, relatedLimit: number): Promise<ArticlePageRows> {
    const [row] = await articlePageRead(db, { id, limit: relatedLimit });
    return {
      movedTo: row.moved_to ?? undefined,
      article: row.article ? fromJson(row.article) : undefined,
      related: row.related.map(fromJson),
    };
  },
  /**
   * The same read for the server's own article page: the related articles as the summaries the
   * page keeps of them. Their six bodies were half of what the read sent, to be parsed, passed
   * to the render thread and measured there.
   */
  async articlePageSummaries(db: Db, id: number, relatedLimit: number): Promise<ArticlePageRows<ArticleSummary>> {
    const [row] = await articlePageSummariesRead(db, { id, limit: relatedLimit });
    return { movedTo: row.moved_to ?? undefined, article: row.article ? fromJson(row.article) : undefined, related: row.related };
  },
};
