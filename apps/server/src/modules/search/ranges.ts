import { and, desc, gte, sql, type SQL } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';
import { dateTokens, dayNumber, facetsText, indexed, type TermGroups } from './query-text.ts';
import { matchShare, type SearchStats } from './stats.ts';

// How a search reads its matches: the newest ones range of days by range, counting on past
// them to the cap, ranking relevance among the newest candidates, and the most viewed range
// of views steps by range.

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
export const FIRST_VIEWS_STEPS = 2;

export interface Search {
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
  // A phrase ('کم <-> آبی') would have every row the index finds checked again against the indexed
  // expression, built anew per row (about 0.07 ms each on PGlite): the index is asked for the
  // phrase's words, which it answers exactly, and the phrase is checked on the stored vector.
  // Only the query's own alternatives hold '<->' (queryWords drops '<' and '>').
  const phrase = s.words.includes('<->');
  const found = phrase ? sql`to_tsquery('simple', ${s.words.replaceAll('<->', '&')})` : words;
  return and(
    // A query the parser finds no words in must match nothing, not every article of the range.
    sql`numnode(${words}) > 0`,
    facets ? sql`${indexed} @@ (${found} && ${facets}::tsquery)` : sql`${indexed} @@ ${found}`,
    phrase ? sql`${articles.searchVector} @@ ${words}` : undefined,
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
export async function newest(s: Search, want: number, window: Window): Promise<{ ids: number[]; rows: Located[]; complete: boolean; matched: number; lowest: number }> {
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
export function recentRate(s: Search): number {
  return (matchShare(s.stats, s.groups, s.f.category) ?? 0) * s.stats.perDay;
}

/** The words' matches a day, averaged over the whole history (0 without statistics). */
export function historyRate(s: Search): number {
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
export async function countBefore(s: Search, below: number, cap: number, perDay: number): Promise<number> {
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
export interface Located {
  id: number;
  ctid: string;
}

/** The page of the candidates (the newest matches) by relevance: title words weigh most. */
export async function rankCandidates(s: Search, candidates: Located[]): Promise<number[]> {
  // The candidates are read again by row address, not through the primary key; the
  // snapshot is the one they were found in (repeatable read), so the addresses hold.
  const ranked = await s.tx.select({ id: articles.id }).from(articles)
    .where(sql`ctid = any(${`{${candidates.map((c) => `"${c.ctid}"`).join(',')}}`}::tid[])`)
    .orderBy(desc(sql`ts_rank(${articles.searchVector}, to_tsquery('simple', ${s.words}))`), desc(articles.publishedAt), desc(articles.id))
    .limit(s.f.limit).offset(s.f.offset);
  return ranked.map((r) => r.id);
}

/** The page of matches by views, for words known to match fewer articles than the cap. */
export async function fewByViews(s: Search): Promise<number[]> {
  const rows = await s.tx.select({ id: articles.id }).from(articles).where(matching(s, null))
    .orderBy(desc(articles.views), desc(articles.id)).limit(s.f.limit).offset(s.f.offset);
  return rows.map((r) => r.id);
}

/**
 * The first `need` matches by views, most viewed first: read range of views steps by range from
 * the top down through the views tokens, each range twice as wide as the one before, so a
 * common word does not sort every match it has. Ranges never overlap, so the order is exact.
 */
export async function mostViewed(s: Search, need: number, width: number | 'none'): Promise<number[]> {
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

/** How the newest matches are looked for: a range sized from the statistics, none, or N days. */
export type Window = 'auto' | 'none' | number;

export interface Limits {
  /** See TOTAL_CAP and RELEVANCE_CANDIDATES. */
  total: number;
  candidates: number;
}
