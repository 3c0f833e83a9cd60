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
 * A range of the newest days is read first only when it is expected to span less than this
 * share of the history; otherwise every match is read at once (a range would save little).
 */
const MAX_WINDOW_SHARE = 0.5;
/**
 * The first range is sized for this many times the matches it must hold, so it rarely needs a
 * second; later ones, sized from what was found, for fewer (a range read in vain costs one
 * index scan, a range too long costs a visit to every extra match).
 */
const WINDOW_MARGIN = 1.5;
const NEXT_MARGIN = 1.25;
/** A range holding less than this share of the matches it was sized for makes the next one at least twice as long. */
const QUIET_SHARE = 0.1;
/**
 * Counting past the sorted ranges stops at the cap by itself; a longer range only costs index
 * entries, so ranges for counting are sized generously.
 */
const COUNT_MARGIN = 2;
/** Views steps (see migration 0004) read first for "most viewed"; each further range doubles. */
const FIRST_VIEWS_STEPS = 2;

/**
 * What the index holds per article (migrations 0003, 0004): its words, plus date tokens (see
 * dateTokens), a `category C` token and a `views N` token (N grows by one for each quarter
 * doubling of the views), so filters and orders narrow the GIN scan itself.
 */
const indexed = sql`(${articles.searchVector} || chapar_search_facets(${articles.publishedAt}, ${articles.category}, ${articles.views}))`;

export const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY);
/** The views token's step, as migration 0004 computes it (here only to bound ranges from above). */
export const viewsStep = (views: number) => Math.floor(4 * Math.log2(Math.max(views, 0) + 1));

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

/** The category, date and views tokens a search is restricted to, as tsquery text, or null for none. */
export function facetsText(category: string | undefined, dates: string[] | null, views: string[] | null = null): string | null {
  const parts: string[] = [];
  if (category !== undefined) parts.push(lexeme(`category ${category}`));
  for (const tokens of [dates, views]) {
    if (tokens) parts.push(tokens.length > 1 ? `(${tokens.map(lexeme).join(' | ')})` : lexeme(tokens[0]));
  }
  return parts.length ? parts.join(' & ') : null;
}

// ---------------------------------------------------------------------------------------------
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
    share *= Math.min(1, group.reduce((sum, w) => sum + (stats.terms.get(w.toLowerCase()) ?? stats.minTermShare / 4), 0));
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
  /** Above the views step of the most viewed article (one more, against rounding). */
  topViews: number;
  stats: SearchStats;
  groups: TermGroups;
}

/**
 * Every article matching the words and filters, published within the days `from`..`to` and
 * with views steps `views.from`..`views.to` (through tokens).
 */
function matching(s: Search, days: { from: number; to: number } | null, views?: { from: number; to: number }): SQL | undefined {
  const sinceDay = s.f.since ? dayNumber(s.f.since) : null;
  const range = days ?? (sinceDay !== null ? { from: sinceDay, to: s.top } : null);
  // The whole history needs no date tokens.
  const dates = range && (range.from > s.bottom || range.to < s.top) ? dateTokens(range.from, range.to, s.top) : null;
  const steps = views && (views.from > 0 || views.to < s.topViews) ? Array.from({ length: views.to - views.from + 1 }, (_, i) => `views ${views.from + i}`) : null;
  const facets = facetsText(s.f.category, dates, steps);
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
 * The newest `want` matches, newest first, and whether they are all the matches there are;
 * `matched` counts every match in the days read (down to `lowest`), also those past `want`.
 *
 * A common word matches many articles a day. Its newest matches are read range of days by range
 * from the newest back, each through the date tokens in the GIN index, instead of visiting every
 * match in the table only to sort them. The first range is sized from the words' share of
 * recent articles, later ones from the matches found so far and the words' average rate;
 * ranges never overlap and are read newest first, so the result is exactly the newest `want`.
 */
async function newest(s: Search, want: number, window: Window): Promise<{ ids: number[]; rows: Located[]; complete: boolean; matched: number; lowest: number }> {
  const low = lowDay(s);
  if (low > s.top) return { ids: [], rows: [], complete: true, matched: 0, lowest: low };
  let days: number | null = null;
  /** The matches a day the current range was sized for (0: not sized from a rate). */
  let rate = 0;
  if (typeof window === 'number') days = window;
  else if (window === 'auto' && want <= Math.max(s.limits.total, s.limits.candidates)) {
    rate = recentRate(s);
    const needed = rate > 0 ? Math.ceil((WINDOW_MARGIN * want) / rate) : Infinity;
    days = needed <= MAX_WINDOW_SHARE * (s.top - low + 1) ? Math.max(1, needed) : null;
  }
  const found: Located[] = [];
  let matched = 0;
  let upper = s.top;
  for (;;) {
    const from = rangeStart(upper, days, low);
    // Sorting visits every match of the range anyway, so counting them all is free.
    const rows = await s.tx.select({ id: articles.id, ctid: sql<string>`ctid::text`, n: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(articles).where(matching(s, { from, to: upper }))
      .orderBy(desc(articles.publishedAt), desc(articles.id)).limit(want - found.length);
    s.trace.push(days === null ? 'all' : 'range');
    found.push(...rows.map(({ id, ctid }) => ({ id, ctid })));
    matched += rows[0]?.n ?? 0;
    if (found.length >= want || from === low) return { ids: found.map((r) => r.id), rows: found, complete: found.length < want, matched, lowest: from };
    // The next range: enough days for the rest at the faster of the rate found so far and the
    // words' average over the whole history (a word can be rarer lately than it was; a range
    // too long visits every extra match, one too short costs one more range). A range that
    // found next to nothing of what it was sized for doubles, so a word that has gone quiet, or
    // an estimate far too high, costs a few ranges, not many.
    const length = upper - from + 1;
    const searched = s.top - from + 1;
    const quiet = (rows[0]?.n ?? 0) < QUIET_SHARE * rate * length || !rows.length;
    rate = Math.max(found.length / searched, historyRate(s));
    const atRate = rate > 0 ? Math.ceil((NEXT_MARGIN * (want - found.length)) / rate) : Infinity;
    days = Math.max(1, Math.min(quiet ? Math.max(atRate, 2 * length, Math.ceil(searched / 2)) : atRate, 8 * searched));
    upper = from - 1;
  }
}

/** The words' expected matches a day lately (0 without statistics). */
function recentRate(s: Search): number {
  return (matchShare(s.stats, s.groups, s.f.category) ?? 0) * s.stats.perDay;
}

/** The words' matches a day, averaged over the whole history (0 without statistics). */
function historyRate(s: Search): number {
  return ((matchShare(s.stats, s.groups, s.f.category) ?? 0) * s.stats.articles) / (s.top - s.bottom + 1);
}

/**
 * The first day of a range of `days` days ending on `upper` (every day down to `low` when
 * `days` is null or infinite). Ranges start on a week or an 8-week boundary once that long, so
 * they take few tokens (the index then checks fewer alternatives for each article of the range).
 */
function rangeStart(upper: number, days: number | null, low: number): number {
  if (days === null || !Number.isFinite(days)) return low;
  const unit = days >= 112 ? 56 : days >= 14 ? 7 : 1;
  return Math.max(low, Math.floor((upper - days + 1) / unit) * unit);
}

/** The first day a search reaches back to: the oldest article's, or the date filter's. */
function lowDay(s: Search): number {
  return Math.max(s.f.since ? dayNumber(s.f.since) : s.bottom, s.bottom);
}

/**
 * How many matches the days before `below` hold, counting up to `cap`. With no order to keep,
 * the database stops visiting matches at the cap, but it reads the index entries of every day
 * asked for: so days are asked for range by range from the newest back, the first sized for
 * twice the cap at the estimated `perDay`, later ones from what was counted, at least doubling.
 */
async function countBefore(s: Search, below: number, cap: number, perDay: number): Promise<number> {
  const low = lowDay(s);
  let counted = 0;
  let upper = below - 1;
  let days = perDay > 0 ? Math.max(1, Math.ceil((COUNT_MARGIN * cap) / perDay)) : Infinity;
  while (counted < cap && upper >= low) {
    const from = rangeStart(upper, days, low);
    s.trace.push('count');
    const inner = s.tx.select({ one: sql`1` }).from(articles).where(matching(s, { from, to: upper })).limit(cap - counted).as('m');
    const [row] = await s.tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner);
    counted += row.n;
    const searched = below - from;
    days = Math.max(2 * searched, counted ? Math.ceil((COUNT_MARGIN * (cap - counted) * searched) / counted) : 0);
    upper = from - 1;
  }
  return counted;
}

/** An article and where its row is (valid for the transaction's snapshot). */
interface Located {
  id: number;
  ctid: string;
}

/** The page of matches by views, for words known to match fewer articles than the cap. */
async function fewByViews(s: Search): Promise<number[]> {
  const rows = await s.tx.select({ id: articles.id }).from(articles).where(matching(s, null))
    .orderBy(desc(articles.views), desc(articles.id)).limit(s.f.limit).offset(s.f.offset);
  return rows.map((r) => r.id);
}

/**
 * The first `need` matches by views, most viewed first: read range of views steps by range from
 * the top down through the views tokens, each range twice as wide as the one before, so a
 * common word does not sort every match it has. Ranges never overlap, so the order is exact.
 */
async function mostViewed(s: Search, need: number, width: number | 'none'): Promise<number[]> {
  const found: number[] = [];
  let upper = s.topViews;
  let steps = width === 'none' ? Infinity : width;
  for (;;) {
    const from = Math.max(0, upper - steps + 1);
    const rows = await s.tx.select({ id: articles.id }).from(articles).where(matching(s, null, { from, to: upper }))
      .orderBy(desc(articles.views), desc(articles.id)).limit(need - found.length);
    s.trace.push(from === 0 && upper === s.topViews ? 'all by views' : 'views range');
    found.push(...rows.map((r) => r.id));
    if (found.length >= need || from === 0) return found;
    upper = from - 1;
    steps *= 2;
  }
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
  /** Tests: the first range of views steps for most-viewed pages, or none. */
  viewsWindow?: number | 'none';
  /** Tests: smaller limits, so a small fixture reaches them. */
  limits?: Limits;
}

export interface FullTextResult<Row> {
  rows: Row[];
  total: number;
  trace: string[];
}

/**
 * True when a query word is certainly in no article: one of its lexemes is missing from the term
 * list, which holds every lexeme of 2–60 letters any article has had (shorter or longer ones are
 * not listed, so they never count as missing). Such a query needs no look through the index.
 */
const hasUnknownWord = (words: string[]) => sql`exists (
  select 1 from unnest(tsvector_to_array(to_tsvector('simple', ${words.join(' ')}))) as l
  where length(l) between 2 and 60 and not exists (select 1 from ${searchTerms} where ${searchTerms.term} = l))`;

export const searchRepo = {
  /** Full-text match over title (weight A) and body (B), ranked title-first. */
  async fullText(db: Db, groups: TermGroups, f: SearchFilters, options: FullTextOptions = {}): Promise<FullTextResult<PublicRow>> {
    const words = groupsText(groups);
    const stats = await loadStats(db);
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // Matches are read from the GIN index; walking the date or views index instead would
      // test each row's large, out-of-line vector.
      const [{ top, bottom, max_views: maxViews, unknown }] = (await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
        (select max(${articles.publishedAt}) from ${articles} where ${articles.status} = 'published') as top,
        (select min(${articles.publishedAt}) from ${articles} where ${articles.status} = 'published') as bottom,
        (select max(${articles.views}) from ${articles}) as max_views,
        ${groups.every((g) => g.length === 1) ? hasUnknownWord(groups.map((g) => g[0])) : sql`false`} as unknown`) as unknown as { rows: Array<{ top: string | Date | null; bottom: string | Date | null; max_views: number | null; unknown: boolean }> }).rows;
      const trace: string[] = [];
      if (top === null || bottom === null) return { rows: [], total: 0, trace };
      if (unknown) return { rows: [], total: 0, trace: ['unknown word'] };
      const limits = options.limits ?? { total: TOTAL_CAP, candidates: RELEVANCE_CANDIDATES };
      const s: Search = { tx, limits, trace, words, f, top: dayNumber(new Date(top)), bottom: dayNumber(new Date(bottom)), topViews: viewsStep(Number(maxViews ?? 0)) + 1, stats, groups };
      const window = options.window ?? 'auto';
      const need = f.offset + f.limit;
      const done = async (ids: number[], total: number) => ({ rows: await fullRows(tx, ids), total, trace });

      if (f.sort === 'relevance' || f.sort === 'date') {
        // The newest matches give the date page or the relevance candidates; the count goes on
        // past them to the cap, through older days that only need counting, not sorting.
        const found = await newest(s, Math.max(need, f.sort === 'relevance' ? limits.candidates : 0), window);
        const older = found.complete || found.matched >= limits.total ? 0
          : await countBefore(s, found.lowest, limits.total - found.matched, Math.max(found.matched / (s.top - found.lowest + 1), historyRate(s)));
        const total = Math.min(found.matched + older, limits.total);
        if (f.sort === 'date') return done(found.ids.slice(f.offset, need), total);
        const candidates = found.rows.slice(0, limits.candidates);
        if (f.offset >= candidates.length) return done([], total);
        // The candidates are read again by row address, not through the primary key; the
        // snapshot is the one they were found in (repeatable read), so the addresses hold.
        const ranked = await tx.select({ id: articles.id }).from(articles)
          .where(sql`ctid = any(${`{${candidates.map((c) => `"${c.ctid}"`).join(',')}}`}::tid[])`)
          .orderBy(desc(sql`ts_rank(${articles.searchVector}, to_tsquery('simple', ${words}))`), desc(articles.publishedAt), desc(articles.id))
          .limit(f.limit).offset(f.offset);
        return done(ranked.map((r) => r.id), total);
      }

      // Most viewed: fewer matches than the cap are ordered at once; more are read from the most
      // viewed steps down.
      const total = await countBefore(s, s.top + 1, limits.total, recentRate(s));
      if (total < limits.total) return done(await fewByViews(s), total);
      const ids = await mostViewed(s, need, options.viewsWindow ?? FIRST_VIEWS_STEPS);
      return done(ids.slice(f.offset), limits.total);
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  },

  /**
   * Typo tolerance: for each word, the known words closest to it (trigram similarity of at least
   * 0.35 over the term list, which is small next to the articles), best first; all words in one
   * statement.
   */
  async similarTerms(db: Db, words: string[], limit: number): Promise<string[][]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.35`);
      // `<->` is 1 − similarity: the GiST index walks the closest terms first (migration 0005).
      const result = await tx.execute(sql`select w.i, array(
          select ${searchTerms.term} from ${searchTerms} where ${searchTerms.term} % w.word
          order by ${searchTerms.term} <-> w.word, ${searchTerms.term} limit ${limit}) as terms
        from unnest(array[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]) with ordinality as w(word, i)`);
      const rows = (result as unknown as { rows: Array<{ i: number | string; terms: string[] | string }> }).rows;
      const out: string[][] = words.map(() => []);
      for (const r of rows) out[Number(r.i) - 1] = Array.isArray(r.terms) ? r.terms : parseArray(r.terms);
      return out;
    });
  },
};
