import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import { ARTICLE_SUMMARY_FIELDS, type ArticleSummary } from '@chapar/shared/contracts';
import { articleRedirects, articles, preparedRead, type Db, type PreparedRead } from '@chapar/db';
import { chooseRelated, guessHolds, guessRelated, relatedVersionSql } from './related-window.ts';

export type ArticleRow = typeof articles.$inferSelect;

const published = eq(articles.status, 'published');
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
/** What the article page's read answers (its related articles only when they were guessed). */
type ArticlePageRow = { moved_to: number | null; article: JsonRow | null; related_version: string | null; related?: JsonRow[] | null };
const redirectSql = sql`(select to_id from ${articleRedirects} where from_id = ${sql.placeholder('id')}) as moved_to`;
const publishedArticleSql = sql`(select ${rowJson('a')} from ${articles} a where a.id = ${sql.placeholder('id')} and a.status = 'published') as article`;
/**
 * The article page's read: where the id was moved to (the redirect table), the published
 * article, and the change count its related articles are chosen at (related-window.ts).
 */
const articlePageRead = preparedRead<ArticlePageRow>('article_page',
  sql`select ${redirectSql}, ${publishedArticleSql}, ${relatedVersionSql} as related_version`);
/** Published articles whose ids are in `ids` (a comma-separated list), each as `value`. */
const byIdsWhere = (value: SQL) =>
  sql`select a.id as id, ${value} as value from ${articles} a where a.id = any(string_to_array(${sql.placeholder('ids')}, ',')::int[]) and a.status = 'published'`;

/** How an article page reads its related articles, each as `value`, and makes them `Related`. */
interface RelatedRead<Related> {
  /** By id, in the order of `ids` (published ones only). */
  byIds(db: Db, ids: number[]): Promise<Related[]>;
  /** The article page's read with the related articles guessed for it (related-window.ts guessRelated). */
  withPage: PreparedRead<ArticlePageRow>;
  make(json: JsonRow): Related;
}

/** `rows` (each with its id) in the order of `ids`, without the ids no row has. */
function inOrderOf<Related>(ids: number[], rows: JsonRow[], make: (json: JsonRow) => Related): Related[] {
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  return ids.flatMap((id) => (byId.has(id) ? [make(byId.get(id)!)] : []));
}

function relatedRead<Related>(name: string, value: SQL, make: (json: JsonRow) => Related): RelatedRead<Related> {
  const read = preparedRead<{ id: number; value: JsonRow }>(`${name}_by_ids`, byIdsWhere(value));
  return {
    async byIds(db, ids) {
      if (ids.length === 0) return [];
      return inOrderOf(ids, (await read(db, { ids: ids.join(',') })).map((row) => row.value), make);
    },
    withPage: preparedRead<ArticlePageRow>(`article_page_with_${name}`,
      sql`select ${redirectSql}, ${publishedArticleSql}, ${relatedVersionSql} as related_version,
        (select json_agg(value) from (${byIdsWhere(value)}) related) as related`),
    make,
  };
}
const relatedRows = relatedRead<PublicArticleRow>('articles', rowJson('a'), fromJson);
const relatedSummaries = relatedRead<ArticleSummary>('article_summaries', summaryJson('a'), (json) => json as unknown as ArticleSummary);

/**
 * The article page's rows, with its related articles as `related` reads them. When the related
 * articles can be guessed (related-window.ts), they are read with the article in one statement;
 * a guess that no longer holds costs the read that would have been made anyway.
 */
async function articlePageWith<Related>(db: Db, id: number, relatedLimit: number, related: RelatedRead<Related>): Promise<ArticlePageRows<Related>> {
  const guess = guessRelated(db, id, relatedLimit);
  const [row] = guess ? await related.withPage(db, { id, ids: guess.ids.join(',') }) : await articlePageRead(db, { id });
  const movedTo = row.moved_to ?? undefined;
  if (!row.article) return { movedTo, article: undefined, related: [] };
  const article = fromJson(row.article);
  if (guess && guessHolds(guess, article, row.related_version)) return { movedTo, article, related: inOrderOf(guess.ids, row.related ?? [], related.make) };
  const ids = await chooseRelated(db, article, row.related_version, relatedLimit);
  return { movedTo, article, related: await related.byIds(db, ids) };
}

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
   * The article page's data: where the id was moved to (the redirect table), the published
   * article, and its related articles (related-window.ts chooses them). An uncached article page
   * used to pay for five reads (the redirect, the article, two candidate windows and the chosen
   * rows), each a parse, plan and result decode of its own on the server's thread; now it is one
   * read, and one more for the related rows.
   */
  async articlePage(db: Db, id: number, relatedLimit: number): Promise<ArticlePageRows> {
    return articlePageWith(db, id, relatedLimit, relatedRows);
  },
  /**
   * The same read for the server's own article page: the related articles as the summaries the
   * page keeps of them. Their six bodies were half of what the read sent, to be parsed, passed
   * to the render thread and measured there.
   */
  async articlePageSummaries(db: Db, id: number, relatedLimit: number): Promise<ArticlePageRows<ArticleSummary>> {
    return articlePageWith(db, id, relatedLimit, relatedSummaries);
  },
};
