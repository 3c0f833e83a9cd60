// Bands of the admin table's orders: consecutive ranges of the sort key, each holding about one
// per cent of the articles (the bounds of ANALYZE's histogram), so a search for a word in a few
// per cent of the articles reads its matches band by band in the table's order, through the word
// index and the order's index together, instead of visiting every match to sort them or walking
// the order's index past thousands of articles that do not match.
import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';
import type { AdminArticlesQuery } from '@chapar/shared/contracts';
import { parseArray } from '../search/stats.ts';

/** A range of one sort key, `from` inclusive and `to` exclusive; open where undefined. */
interface KeyRange<T> { from?: T; to?: T }

/** One band: a range of the order's key (within one category, for the category order). */
export interface Band {
  category?: string;
  range: KeyRange<string | number>;
}

type SortBy = AdminArticlesQuery['sortBy'];

/** The column a band's range applies to (the category order runs by date within a category). */
const rangeColumn = (sortBy: SortBy) => (sortBy === 'title' ? articles.titleSort : sortBy === 'views' ? articles.views : articles.publishedAt);
const histogramColumn = (sortBy: SortBy) => (sortBy === 'title' ? 'title_sort' : sortBy === 'views' ? 'views' : 'published_at');

const BOUNDS_TTL_MS = 60_000;
const boundsCache = new WeakMap<object, Map<string, { at: number; bounds: string[] | null }>>();

/** ANALYZE's histogram bounds of a column (ascending), or null before the first ANALYZE. */
async function histogram(db: Db, column: string): Promise<string[] | null> {
  const perDb = boundsCache.get(db) ?? new Map();
  boundsCache.set(db, perDb);
  const cached = perDb.get(column);
  if (cached && Date.now() - cached.at < BOUNDS_TTL_MS) return cached.bounds;
  const result = await db.execute(sql`select histogram_bounds::text as b from pg_stats
    where schemaname = current_schema() and tablename = 'articles' and attname = ${column}`);
  const text = (result as unknown as { rows: Array<{ b: string | null }> }).rows[0]?.b;
  const bounds = text ? [...new Set(parseArray(text))] : null;
  perDb.set(column, { at: Date.now(), bounds: bounds && bounds.length > 1 ? bounds : null });
  return perDb.get(column)!.bounds;
}

/**
 * The categories articles have (one index probe each), last first in the table's category
 * order: by the Persian name's rank that articles.category_sort holds, then by name.
 */
async function categoriesDesc(db: Db): Promise<string[]> {
  const result = await db.execute(sql`with recursive c(v) as (
      select max(category) from articles
      union all
      select (select max(category) from articles where category < c.v) from c where c.v is not null)
    select v from c where v is not null
    order by (select category_sort from articles where category = c.v limit 1) desc, v desc`);
  return (result as unknown as { rows: Array<{ v: string }> }).rows.map((r) => r.v);
}

/**
 * The bands of an order, in the order the table reads them, or null when the database has no
 * statistics yet (the caller then reads every match).
 */
export async function orderBands(db: Db, sortBy: SortBy, sortOrder: 'asc' | 'desc'): Promise<Band[] | null> {
  const raw = await histogram(db, histogramColumn(sortBy));
  if (!raw) return null;
  const bounds: Array<string | number> = sortBy === 'views' ? raw.map(Number) : raw;
  // The first and last bands are open, so they also hold what was written since ANALYZE.
  const ascending: Array<KeyRange<string | number>> = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    ascending.push({ from: i === 0 ? undefined : bounds[i], to: i + 2 === bounds.length ? undefined : bounds[i + 1] });
  }
  if (sortBy !== 'category') {
    return (sortOrder === 'asc' ? ascending : ascending.reverse()).map((range) => ({ range }));
  }
  // Within a category the newest come first, whichever way the categories run.
  const dates = ascending.reverse();
  const cats = await categoriesDesc(db);
  return (sortOrder === 'asc' ? cats.reverse() : cats).flatMap((category) => dates.map((range) => ({ category, range })));
}

/**
 * Consecutive bands (in the order they are read) as one condition: one range of the key per
 * category they cover. `descending`: the key is read from its greatest value down.
 */
export function bandsCondition(sortBy: SortBy, descending: boolean, bands: Band[]): SQL {
  const column = rangeColumn(sortBy);
  const value = (v: string | number) => (typeof v === 'string' && sortBy !== 'title' ? sql`${v}::timestamptz` : v);
  const groups = new Map<string | undefined, Band[]>();
  for (const band of bands) groups.set(band.category, [...(groups.get(band.category) ?? []), band]);
  const parts = [...groups].map(([category, list]) => {
    const [low, high] = descending ? [list[list.length - 1], list[0]] : [list[0], list[list.length - 1]];
    return and(
      category === undefined ? undefined : eq(articles.category, category),
      low.range.from === undefined ? undefined : gte(column, value(low.range.from) as never),
      high.range.to === undefined ? undefined : lt(column, value(high.range.to) as never),
    ) ?? sql`true`;
  });
  return parts.length === 1 ? parts[0] : or(...parts)!;
}

/** Whether an order reads its bands' key from the greatest value down. */
export const readsDescending = (sortBy: SortBy, sortOrder: 'asc' | 'desc') => sortBy === 'category' || sortOrder === 'desc';
