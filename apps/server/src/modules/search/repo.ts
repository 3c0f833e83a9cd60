import { and, desc, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { articles, searchTerms, type Db } from '@chapar/db';

const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, ...publicColumns } = getTableColumns(articles);

/** A query as groups of words: every group must match, through any one of its words. */
export type TermGroups = string[][];

export interface SearchFilters {
  category?: string;
  since?: Date;
  sort: 'relevance' | 'date' | 'views';
  limit: number;
  offset: number;
}

/** Counting stops here: "more than a thousand results" is all a reader needs to know. */
export const TOTAL_CAP = 1000;
/** Relevance is ranked among this many newest matches, so a common word costs bounded work. */
export const RELEVANCE_CANDIDATES = 500;
const DAY = 86_400_000;
/**
 * A window of the newest days is tried only when it is expected to be shorter than this; a
 * query expected to need more reads every match (which is then few enough per day).
 */
const MAX_WINDOW_DAYS = 120;
/** The window is sized for this many times the matches it must hold, so it rarely needs widening. */
const WINDOW_MARGIN = 1.5;
/** Testing a row's out-of-line vector costs about this many bitmap visits of a row. */
const WALK_COST = 7;
/** The most rows a walk of the views index tests before the ordinary plan takes over. */
const MAX_WALK = 3000;

/**
 * What the index holds per article (migration 0003): its words, plus a `day N` token (UTC days
 * since 1970) and a `category C` token, so date and category filters narrow the GIN scan itself.
 */
const indexed = sql`(${articles.searchVector} || chapar_search_facets(${articles.publishedAt}, ${articles.category}))`;

export const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);

/** A lexeme quoted for tsquery input (quotes and backslashes doubled). */
const lexeme = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** `(a | a1) & b`, from groups whose words carry no tsquery operators (see queryWords). */
export function groupsText(groups: TermGroups): string {
  return groups.map((g) => (g.length > 1 ? `(${g.join(' | ')})` : g[0])).join(' & ');
}

/** The date tokens of migration 0003, largest first: `name N` covers `days` days from day `days * N`. */
const DATE_UNITS = [{ name: 'weeks8', days: 56 }, { name: 'week', days: 7 }, { name: 'day', days: 1 }] as const;

/**
 * Date tokens covering exactly the days `from`..`to`, largest first where they fit. Past `top`
 * (the newest article's day) nothing is published, so a range reaching it may end anywhere later.
 */
export function dateTokens(from: number, to: number, top: number): string[] {
  const end = to >= top ? Math.max(to, Math.ceil((top + 1) / 56) * 56 - 1) : to;
  const tokens: string[] = [];
  for (let d = from; d <= end;) {
    const unit = DATE_UNITS.find((u) => ((d % u.days) + u.days) % u.days === 0 && d + u.days - 1 <= end)!;
    tokens.push(`${unit.name} ${Math.floor(d / unit.days)}`);
    d += unit.days;
  }
  return tokens;
}

/** The category and date tokens a search is restricted to, as tsquery text, or null for none. */
export function facetsText(category: string | undefined, dates: string[] | null): string | null {
  const parts: string[] = [];
  if (category !== undefined) parts.push(lexeme(`category ${category}`));
  if (dates) parts.push(dates.length > 1 ? `(${dates.map(lexeme).join(' | ')})` : lexeme(dates[0]));
  return parts.length ? parts.join(' & ') : null;
}

// ---------------------------------------------------------------------------------------------
// Statistics: how common each word and category is, and how many articles a day brings. They
// only choose how a search runs (which window to try first, which index to walk); results never
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

async function loadStats(db: Db): Promise<SearchStats> {
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
function parseArray(text: string): string[] {
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
    share *= Math.min(1, group.reduce((sum, w) => sum + (stats.terms.get(w.toLowerCase()) ?? stats.minTermShare / 2), 0));
  }
  if (category !== undefined) share *= stats.categories.get(category) ?? 0.01;
  return share;
}

// ---------------------------------------------------------------------------------------------

interface Search {
  tx: Db;
  limits: Limits;
  /** The steps taken (tests read it to see that a path was exercised). */
  trace: string[];
  words: string;
  f: SearchFilters;
  /** The days of the newest and the oldest published article: no match lies outside them. */
  top: number;
  bottom: number;
  stats: SearchStats;
  groups: TermGroups;
}

/** Every article matching the words and filters, published within the days `from`..`to` (tokens). */
function matching(s: Search, days: { from: number; to: number } | null): SQL | undefined {
  const sinceDay = s.f.since ? dayNumber(s.f.since) : null;
  const range = days ?? (sinceDay !== null ? { from: sinceDay, to: s.top } : null);
  // The whole history needs no date tokens.
  const dates = range && (range.from > s.bottom || range.to < s.top) ? dateTokens(range.from, range.to, s.top) : null;
  const facets = facetsText(s.f.category, dates);
  const words = sql`to_tsquery('simple', ${s.words})`;
  return and(
    // A query the parser finds no words in must match nothing, not every article of the range.
    sql`numnode(${words}) > 0`,
    facets ? sql`${indexed} @@ (${words} && ${facets}::tsquery)` : sql`${indexed} @@ ${words}`,
    sql`${articles.status} = 'published'`,
    s.f.since ? gte(articles.publishedAt, s.f.since) : undefined,
  );
}

/**
 * The newest `want` matches, newest first, and whether they are all the matches there are.
 *
 * A common word matches many articles a day. Its newest matches are read range of days by range
 * from the newest back, each through the date tokens in the GIN index, instead of visiting every
 * match in the table only to sort them. The first range is sized from the words' share of
 * articles, later ones from the matches found so far and at least doubling the days searched;
 * ranges never overlap and are read newest first, so the result is exactly the newest `want`.
 */
async function newest(s: Search, want: number, window: Window): Promise<{ ids: number[]; complete: boolean }> {
  const sinceDay = s.f.since ? dayNumber(s.f.since) : null;
  const low = Math.max(sinceDay ?? s.bottom, s.bottom);
  if (low > s.top) return { ids: [], complete: true };
  let days: number | null = null;
  if (typeof window === 'number') days = window;
  else if (window === 'auto' && want <= Math.max(s.limits.total, s.limits.candidates)) {
    const perDay = (matchShare(s.stats, s.groups, s.f.category) ?? 0) * s.stats.perDay;
    const needed = perDay > 0 ? Math.ceil((WINDOW_MARGIN * want) / perDay) : Infinity;
    days = needed <= MAX_WINDOW_DAYS ? Math.max(1, needed) : null;
  }
  const ids: number[] = [];
  let upper = s.top;
  for (;;) {
    const from = days === null ? low : Math.max(low, upper - days + 1);
    const rows = await s.tx.select({ id: articles.id }).from(articles).where(matching(s, { from, to: upper }))
      .orderBy(desc(articles.publishedAt), desc(articles.id)).limit(want - ids.length);
    s.trace.push(days === null ? 'all' : 'range');
    for (const r of rows) ids.push(r.id);
    if (ids.length >= want) return { ids, complete: false };
    if (from === low) return { ids, complete: true };
    // The next range: enough days for the rest at the rate found so far, and at least as many
    // as searched so far, so a word that has gone quiet lately costs a few ranges, not many.
    const searched = s.top - from + 1;
    const atRate = ids.length ? Math.ceil((WINDOW_MARGIN * (want - ids.length) * searched) / ids.length) : Infinity;
    days = Math.max(searched, Math.min(atRate, 8 * searched));
    upper = from - 1;
  }
}

/** The ids ordered as the page asks, for ids already known to be every match. */
async function orderIds(s: Search, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await s.tx.select({ id: articles.id }).from(articles).where(inArray(articles.id, ids))
    .orderBy(desc(articles.views), desc(articles.id)).limit(s.f.limit).offset(s.f.offset);
  return rows.map((r) => r.id);
}

/**
 * Most viewed matches by walking the views index and testing each row's vector, for words so
 * common that a page fills within a few dozen rows. Gives up (null) after `bound` rows, so a
 * wrong estimate costs bounded work before the ordinary plan runs.
 */
async function walkViews(s: Search, bound: number): Promise<number[] | null> {
  await s.tx.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true)`);
  const walked = s.tx.select({ id: articles.id, views: articles.views, vector: articles.searchVector }).from(articles)
    .where(and(
      sql`${articles.status} = 'published'`,
      s.f.category !== undefined ? sql`${articles.category} = ${s.f.category}` : undefined,
      s.f.since ? gte(articles.publishedAt, s.f.since) : undefined,
    ))
    .orderBy(desc(articles.views), desc(articles.id)).limit(bound).as('walked');
  const need = s.f.offset + s.f.limit;
  const rows = await s.tx.select({ id: walked.id }).from(walked)
    .where(sql`${walked.vector} @@ to_tsquery('simple', ${s.words})`)
    .orderBy(desc(walked.views), desc(walked.id)).limit(need);
  await s.tx.execute(sql`select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true)`);
  s.trace.push(rows.length >= need ? 'walk' : 'walk abandoned');
  return rows.length >= need ? rows.slice(s.f.offset).map((r) => r.id) : null;
}

type PublicRow = Awaited<ReturnType<typeof fullRows>>[number];

/** Reads the page's full rows, in the ranked order; the ranking touched only narrow rows. */
async function fullRows(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select(publicColumns).from(articles).where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** How the newest matches are looked for: a range sized from the statistics, none, or N days. */
type Window = 'auto' | 'none' | number;

interface Limits {
  /** See TOTAL_CAP and RELEVANCE_CANDIDATES. */
  total: number;
  candidates: number;
}

export interface FullTextOptions {
  /** Tests: the first range of days (default 'auto'). */
  window?: Window;
  /** Tests: walk the views index for most-viewed pages, or never (default: when cheaper). */
  walkViews?: 'auto' | 'never' | 'always';
  /** Tests: how many rows a walk tests before giving up. */
  walkBound?: number;
  /** Tests: smaller limits, so a small fixture reaches them. */
  limits?: Limits;
}

export interface FullTextResult<Row> {
  rows: Row[];
  total: number;
  trace: string[];
}

export const searchRepo = {
  /** Full-text match over title (weight A) and body (B), ranked title-first. */
  async fullText(db: Db, groups: TermGroups, f: SearchFilters, options: FullTextOptions = {}): Promise<FullTextResult<PublicRow>> {
    const words = groupsText(groups);
    const stats = await loadStats(db);
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // Matches are read from the GIN index; walking the date or views index instead would
      // test each row's large, out-of-line vector (walkViews does it where that is cheap).
      const [{ top, bottom }] = (await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
        (select max(${articles.publishedAt}) from ${articles} where ${articles.status} = 'published') as top,
        (select min(${articles.publishedAt}) from ${articles} where ${articles.status} = 'published') as bottom`) as unknown as { rows: Array<{ top: string | Date | null; bottom: string | Date | null }> }).rows;
      const trace: string[] = [];
      if (top === null || bottom === null) return { rows: [], total: 0, trace };
      const limits = options.limits ?? { total: TOTAL_CAP, candidates: RELEVANCE_CANDIDATES };
      const s: Search = { tx, limits, trace, words, f, top: dayNumber(new Date(top)), bottom: dayNumber(new Date(bottom)), stats, groups };
      const window = options.window ?? 'auto';
      const need = f.offset + f.limit;
      const done = async (ids: number[], total: number) => ({ rows: await fullRows(tx, ids), total, trace });

      if (f.sort === 'relevance' || f.sort === 'date') {
        // One read gives the count (up to the cap), the relevance candidates or the date page.
        const { ids } = await newest(s, Math.max(need, limits.total, f.sort === 'relevance' ? limits.candidates : 0), window);
        const total = Math.min(ids.length, limits.total);
        if (f.sort === 'date') return done(ids.slice(f.offset, need), total);
        const candidates = ids.slice(0, limits.candidates);
        if (f.offset >= candidates.length) return done([], total);
        const ranked = await tx.select({ id: articles.id }).from(articles).where(inArray(articles.id, candidates))
          .orderBy(desc(sql`ts_rank(${articles.searchVector}, to_tsquery('simple', ${words}))`), desc(articles.publishedAt), desc(articles.id))
          .limit(f.limit).offset(f.offset);
        return done(ranked.map((r) => r.id), total);
      }

      // Most viewed: the count comes from the newest matches as above; the order from those
      // when they are all the matches, else from walking the views index when the words are
      // common enough, else from every match.
      const counted = await newest(s, limits.total, window);
      const total = Math.min(counted.ids.length, limits.total);
      if (counted.complete) return done(await orderIds(s, counted.ids), total);
      const sinceShare = f.since ? Math.min(1, (stats.perDay * (s.top - dayNumber(f.since) + 1)) / Math.max(1, stats.articles)) : 1;
      const share = (matchShare(stats, groups, f.category) ?? 0) * sinceShare;
      const walkRows = share > 0 ? need / share : Infinity;
      const everyRow = share * stats.articles;
      const walk = options.walkViews === 'always' || (options.walkViews !== 'never' && walkRows * WALK_COST < everyRow);
      const bound = options.walkBound ?? Math.min(MAX_WALK, Math.max(100, Math.ceil(3 * walkRows || 0)));
      const walked = walk ? await walkViews(s, bound) : null;
      if (walked) return done(walked, total);
      const rows = await tx.select({ id: articles.id }).from(articles).where(matching(s, null))
        .orderBy(desc(articles.views), desc(articles.id)).limit(f.limit).offset(f.offset);
      trace.push('all by views');
      return done(rows.map((r) => r.id), total);
    });
  },

  /**
   * Typo tolerance: the known words closest to a query word (trigram similarity over the term
   * list, which is small next to the articles), best first.
   */
  async similarTerms(db: Db, word: string, limit: number): Promise<string[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.35`);
      const rows = await tx.select({ term: searchTerms.term }).from(searchTerms)
        .where(sql`${searchTerms.term} % ${word}`)
        .orderBy(desc(sql`similarity(${searchTerms.term}, ${word})`), searchTerms.term)
        .limit(limit);
      return rows.map((r) => r.term);
    });
  },
};
