import { sql } from 'drizzle-orm';
import type { Db } from '@chapar/db';
import type { TermGroups } from './query-text.ts';

// Statistics: how common each word and category is, and how many articles a day brings. They
// only choose how a search runs (which range of days to read first); results never
// depend on them, so they may be a minute old, or missing before the first ANALYZE.

export interface SearchStats {
  /** Published articles (the planner's estimate). */
  articles: number;
  /** Articles published per day over the four weeks before the newest one. */
  perDay: number;
  /** Share of articles containing each of the commonest words (ANALYZE's most common elements). */
  terms: Map<string, number>;
  /** Below the least common listed word: an unlisted word is rarer than this. */
  minTermShare: number;
  categories: Map<string, number>;
}

const STATS_TTL_MS = 60_000;
const statsCache = new WeakMap<object, { at: number; stats: SearchStats }>();

/** The statistics, read from the database at most once a minute per database handle. */
export async function loadStats(db: Db): Promise<SearchStats> {
  const cached = statsCache.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
  const result = await db.execute(sql`
    select
      (select reltuples from pg_class where oid = 'articles'::regclass)::float8 as articles,
      (select count(*) from articles where status = 'published' and published_at >
        (select max(published_at) from articles where status = 'published') - interval '28 days')::int as recent,
      (select most_common_elems::text::text[] from pg_stats where schemaname = current_schema() and tablename = 'articles' and attname = 'search_vector') as elems,
      (select most_common_elem_freqs from pg_stats where schemaname = current_schema() and tablename = 'articles' and attname = 'search_vector') as elem_freqs,
      (select most_common_vals::text::text[] from pg_stats where schemaname = current_schema() and tablename = 'articles' and attname = 'category') as cats,
      (select most_common_freqs from pg_stats where schemaname = current_schema() and tablename = 'articles' and attname = 'category') as cat_freqs`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  const list = (v: unknown) => (Array.isArray(v) ? v : typeof v === 'string' ? parseArray(v) : []);
  const elems = list(row.elems) as string[];
  const elemFreqs = list(row.elem_freqs).map(Number);
  const cats = list(row.cats) as string[];
  const catFreqs = list(row.cat_freqs).map(Number);
  const terms = new Map(elems.map((e, i) => [e, elemFreqs[i]]));
  const stats: SearchStats = {
    articles: Math.max(0, Number(row.articles) || 0),
    perDay: (Number(row.recent) || 0) / 28,
    terms,
    minTermShare: elems.length ? Math.min(...elemFreqs.slice(0, elems.length)) : 0,
    categories: new Map(cats.map((c, i) => [c, catFreqs[i]])),
  };
  statsCache.set(db, { at: Date.now(), stats });
  return stats;
}

/** PostgreSQL array text (`{a,"b c"}`), for drivers that return arrays of unknown type as text. */
export function parseArray(text: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|([^,{}]+)/g;
  for (const m of text.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return out;
}

/**
 * Expected share of published articles matching the words (and category), or null without
 * statistics. Words are taken as independent (words of one query tend to occur together, so
 * this errs towards "rare", the safe side).
 */
export function matchShare(stats: SearchStats, groups: TermGroups, category: string | undefined): number | null {
  if (!stats.terms.size || !stats.articles) return null;
  let share = 1;
  for (const group of groups) {
    share *= Math.min(1, group.reduce((sum, w) => sum + (stats.terms.get(w.toLowerCase()) ?? stats.minTermShare / 4), 0));
  }
  if (category !== undefined) share *= stats.categories.get(category) ?? 0.01;
  return share;
}
