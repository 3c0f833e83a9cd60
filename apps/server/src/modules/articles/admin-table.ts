// The admin articles table (spec 03 §2.3): searched, sorted and paged in the database so a
// page of 20 stays instant at 100,000 articles (bench/admin-articles.ts).
//
// Search matches whole words of the title, excerpt, content and keywords through the full-text
// index search already keeps (the same expression, so its GIN index answers), part of a word in
// the title through a trigram index on the normalised title, and an id or Telegram id when the
// query is a number. Every order has the id as its tie-break and an index that reads it in order.
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';
import type { AdminArticleRow, AdminArticlesQuery, AdminArticlesResponse } from '@chapar/shared/contracts';
import { normalizePersian } from '@chapar/shared/text';
import { queryWords } from '../search/index-text.ts';

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
/** The title index's expression (migration 0007). */
const titleKey = sql`left(${articles.title}, 100)`;
/** Trigram matching needs three characters to use its index. */
const MIN_TITLE_FRAGMENT = 3;
/** Ids are int4; Telegram ids are bigint, within JavaScript's safe integers. */
const MAX_INT4 = 2_147_483_647;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const telegramUrl = (source: string | null, telegramId: number | null) =>
  (source && telegramId ? `https://t.me/${source}/${telegramId}` : null);

/** The condition a search box query adds, or undefined when it has nothing to match on. */
export function searchCondition(search: string): SQL | undefined {
  const normalised = normalizePersian(search);
  if (!normalised) return undefined;
  const alternatives: SQL[] = [];
  const words = queryWords(normalised);
  if (words.length) alternatives.push(sql`${indexedVector} @@ to_tsquery('simple', ${words.join(' & ')})`);
  if (normalised.length >= MIN_TITLE_FRAGMENT) alternatives.push(sql`${articles.searchTitle} ILIKE ${likePattern(normalised)}`);
  if (/^\d{1,15}$/.test(normalised)) {
    const n = Number(normalised);
    alternatives.push(eq(articles.telegramId, n));
    if (n <= MAX_INT4) alternatives.push(eq(articles.id, n));
  }
  // A query of only tsquery operators and fewer than three characters matches nothing.
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
    case 'title': return [dir(titleKey), dir(articles.id)];
    case 'views': return [dir(articles.views), dir(articles.id)];
    // Within a category the newest come first whichever way the categories run.
    case 'category': return [dir(articles.category), desc(articles.publishedAt), desc(articles.id)];
    default: return [dir(articles.publishedAt), dir(articles.id)];
  }
}

export const adminTableRepo = {
  async page(db: Db, q: AdminArticlesQuery): Promise<{ rows: AdminTableRow[]; total: number }> {
    const where = and(statusCondition(q.status), searchCondition(q.search));
    const [{ total }] = await db.select({ total: count() }).from(articles).where(where);
    if (total <= (q.page - 1) * q.limit) return { rows: [], total };
    const rows = await db.select(rowColumns).from(articles).where(where)
      .orderBy(...orderBy(q.sortBy, q.sortOrder)).limit(q.limit).offset((q.page - 1) * q.limit);
    return { rows, total };
  },
  async row(db: Db, id: number): Promise<AdminTableRow | undefined> {
    const [row] = await db.select(rowColumns).from(articles).where(eq(articles.id, id));
    return row;
  },
};

export function toAdminRow(row: AdminTableRow): AdminArticleRow {
  return {
    ...row,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unpublishedAt: row.status === 'published' ? null : (row.unpublishedAt?.toISOString() ?? null),
    telegramUrl: telegramUrl(row.source, row.telegramId),
    isPublished: row.status === 'published',
    unpublishedReason: row.status === 'published' ? null : row.unpublishedReason,
  };
}

export async function listAdminArticles(db: Db, q: AdminArticlesQuery): Promise<AdminArticlesResponse> {
  const { rows, total } = await adminTableRepo.page(db, q);
  return {
    articles: rows.map(toAdminRow),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}
