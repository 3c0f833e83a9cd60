// The admin articles table (spec 03 §2.3): searched, sorted and paged in the database so a
// page of 20 stays instant at 100,000 articles (bench/admin-articles.ts).
//
// Search matches whole words of the title, excerpt, content and keywords through the full-text
// index search already keeps (the same expression, so its GIN index answers), part of a word in
// the title through a trigram index on the normalised title, and an id or Telegram id when the
// query is a number. Every order has the id as its tie-break and an index that reads it in order.
// How many matches the planner expects chooses the way a search is read: every match through
// the indexes, then sorted, or (a word in most articles) along the order's index;
// bench/admin-articles.ts says what each costs at 100,000 articles.
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { articles, type Db } from '@chapar/db';
import { MAX_ID, type AdminArticleRow, type AdminArticlesQuery, type AdminArticlesResponse } from '@chapar/shared/contracts';
import { normalizePersian } from '@chapar/shared/text';
import { queryWords } from '../search/index-text.ts';
import { postStore } from '../posts/post-store.ts';

/** The columns a table row shows: never the body. */
const rowColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  category: articles.category,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  views: articles.views,
  featured: articles.featured,
  telegramId: articles.telegramId,
  source: articles.source,
  imageUrl: articles.imageUrl,
  status: articles.status,
  unpublishedReason: articles.unpublishedReason,
  unpublishedAt: articles.unpublishedAt,
  editedFields: articles.editedFields,
};
export type AdminTableRow = Pick<typeof articles.$inferSelect, keyof typeof rowColumns>;

/** The indexed vector of the search module (migrations 0003, 0004): matching it uses its GIN index. */
const indexedVector = sql`(${articles.searchVector} || chapar_search_facets(${articles.publishedAt}, ${articles.category}, ${articles.views}))`;
/** Trigram matching needs three characters to use its index. */
const MIN_TITLE_FRAGMENT = 3;
/**
 * A search the planner expects in ORDERED_SHARE of the articles or more is read along the
 * order's index, testing each row (nearly every row is a match), with the estimate as its total;
 * any other reads every match through the indexes and sorts them (exact total).
 * EXACT_SEARCH_LIMIT: matches a search surely sorts (the tests' line between rare and common).
 */
export const EXACT_SEARCH_LIMIT = 2_000;
export const ORDERED_SHARE = 0.5;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const telegramUrl = (source: string | null, telegramId: number | null) =>
  (source && telegramId ? `https://t.me/${source}/${telegramId}` : null);

/**
 * The ways a search box query can match, or undefined when it has nothing to match on (an empty
 * list then matches nothing). `indexed` matches words through the search index's expression (to
 * read matches from the index); `scan` tests the row's own word vector, which costs far less per
 * row in an ordered scan.
 */
export function searchAlternatives(search: string, mode: 'indexed' | 'scan' = 'indexed'): SQL[] | undefined {
  const normalised = normalizePersian(search);
  if (!normalised) return undefined;
  const alternatives: SQL[] = [];
  const words = queryWords(normalised);
  const vector = mode === 'indexed' ? indexedVector : sql`${articles.searchVector}`;
  if (words.length) alternatives.push(sql`${vector} @@ to_tsquery('simple', ${words.join(' & ')})`);
  if (normalised.length >= MIN_TITLE_FRAGMENT) alternatives.push(sql`${articles.searchTitle} ILIKE ${likePattern(normalised)}`);
  if (/^\d{1,15}$/.test(normalised)) {
    const n = Number(normalised);
    alternatives.push(eq(articles.telegramId, n));
    if (n <= MAX_ID) alternatives.push(eq(articles.id, n));
  }
  return alternatives;
}

/** All the alternatives in one condition (a query of only operators and short matches nothing). */
export function searchCondition(search: string, mode: 'indexed' | 'scan' = 'indexed'): SQL | undefined {
  const alternatives = searchAlternatives(search, mode);
  if (!alternatives) return undefined;
  return alternatives.length ? or(...alternatives) : sql`false`;
}

function statusCondition(status: AdminArticlesQuery['status']): SQL | undefined {
  if (status === 'published') return eq(articles.status, 'published');
  if (status === 'unpublished') return ne(articles.status, 'published');
  return undefined;
}

function orderBy(sortBy: AdminArticlesQuery['sortBy'], sortOrder: AdminArticlesQuery['sortOrder']): SQL[] {
  const dir = sortOrder === 'asc' ? asc : desc;
  switch (sortBy) {
    case 'title': return [dir(articles.titleSort), dir(articles.id)];
    case 'views': return [dir(articles.views), dir(articles.id)];
    // Categories by their Persian names (the stored rank, then the name for any other
    // category); within a category the newest come first whichever way the categories run.
    case 'category': return [dir(articles.categorySort), dir(articles.category), desc(articles.publishedAt), desc(articles.id)];
    default: return [dir(articles.publishedAt), dir(articles.id)];
  }
}

/** The planner's estimate of how many articles match (from the column statistics, no rows read). */
async function estimateMatches(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${articles} WHERE ${where ?? sql`true`}`);
  const cell = Object.values((result as unknown as { rows: Array<Record<string, unknown>> }).rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** Planner settings for the next statements of the transaction (SET LOCAL takes no parameters). */
async function only(db: Db, scans: 'bitmap' | 'ordered') {
  const off = scans === 'bitmap' ? ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'] : ['enable_seqscan', 'enable_bitmapscan'];
  const on = scans === 'bitmap' ? ['enable_bitmapscan'] : ['enable_indexscan', 'enable_indexonlyscan'];
  for (const name of off) await db.execute(sql.raw(`SET LOCAL ${name} = off`));
  for (const name of on) await db.execute(sql.raw(`SET LOCAL ${name} = on`));
}

type Page = { rows: AdminTableRow[]; total: number; exact: boolean };

/**
 * The ids of the articles a search matches within `where`: one select per way of matching, so
 * each index rechecks only its own condition. Undefined when the search has no way to match.
 */
function matchingIds(tx: Db, search: string, where: SQL | undefined) {
  const arms = (searchAlternatives(search) ?? []).map((alt) => tx.select({ id: articles.id }).from(articles).where(and(where, alt)));
  const [first, second, ...rest] = arms;
  if (!first) return undefined;
  return second ? union(first, second, ...rest) : first;
}

export const adminTableRepo = {
  async page(db: Db, q: AdminArticlesQuery): Promise<Page> {
    const order = orderBy(q.sortBy, q.sortOrder);
    const offset = (q.page - 1) * q.limit;
    const status = statusCondition(q.status);
    const search = searchCondition(q.search);
    if (!search) {
      const [{ total }] = await db.select({ total: count() }).from(articles).where(status);
      if (total <= offset) return { rows: [], total, exact: true };
      // The page's ids come from the order's index alone (it ends with the status), then their rows.
      const ids = db.select({ id: articles.id }).from(articles).where(status).orderBy(...order).limit(q.limit).offset(offset);
      const rows = await db.select(rowColumns).from(articles).where(inArray(articles.id, ids)).orderBy(...order);
      return { rows, total, exact: true };
    }
    return db.transaction(async (tx) => {
      const where = and(status, search);
      const estimate = await estimateMatches(tx, where);
      const common = estimate > EXACT_SEARCH_LIMIT && estimate >= ORDERED_SHARE * (await estimateMatches(tx, status));
      if (!common) {
        // Every match through the GIN and trigram indexes, then sorted, in one statement: no scan
        // in order that might walk most of the table before it meets the matches. One select per
        // way of matching, so each index rechecks only its own condition.
        await only(tx, 'bitmap');
        const matches = matchingIds(tx, q.search, status);
        if (!matches) return { rows: [], total: 0, exact: true };
        const found = await tx.select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(articles)
          .where(sql`${articles.id} IN (${matches})`).orderBy(...order).limit(q.limit).offset(offset);
        const total = found[0]?.total ?? (offset ? (await tx.select({ n: count() }).from(matches.as('matches')))[0].n : 0);
        return { rows: found.map(({ total: _t, ...row }) => row), total, exact: true };
      }
      // A word in most articles meets a match nearly every row along the order's index: each
      // row's own vector is tested.
      await only(tx, 'ordered');
      const rows = await tx.select(rowColumns).from(articles).where(and(status, searchCondition(q.search, 'scan')))
        .orderBy(...order).limit(q.limit).offset(offset);
      return { rows, total: Math.max(estimate, offset + rows.length), exact: false };
    });
  },
  async row(db: Db, id: number): Promise<AdminTableRow | undefined> {
    const [row] = await db.select(rowColumns).from(articles).where(eq(articles.id, id));
    return row;
  },
};

/** `missingMedia`: what its post's mark says the article lacks (postStore.missingMediaOf). */
export function toAdminRow(row: AdminTableRow, missingMedia: string | null): AdminArticleRow {
  return {
    ...row,
    missingMedia,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unpublishedAt: row.status === 'published' ? null : (row.unpublishedAt?.toISOString() ?? null),
    telegramUrl: telegramUrl(row.source, row.telegramId),
    isPublished: row.status === 'published',
    unpublishedReason: row.status === 'published' ? null : row.unpublishedReason,
  };
}

export async function listAdminArticles(db: Db, q: AdminArticlesQuery): Promise<AdminArticlesResponse> {
  const { rows, total, exact } = await adminTableRepo.page(db, q);
  const missing = await postStore.missingMediaOf(db, rows.map((row) => row.id));
  return {
    articles: rows.map((row) => toAdminRow(row, missing.get(row.id) ?? null)),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit), totalExact: exact },
  };
}
