import { getTableColumns, inArray, sql } from 'drizzle-orm';
import { articles, searchTerms, type Db } from '@chapar/db';
import { dayNumber, groupsText, viewsStep, type TermGroups } from './query-text.ts';
import {
  countBefore, fewByViews, FIRST_VIEWS_STEPS, historyRate, mostViewed, newest, rankCandidates, recentRate,
  RELEVANCE_CANDIDATES, TOTAL_CAP, type Limits, type Search, type SearchFilters, type Window,
} from './ranges.ts';
import { loadStats, parseArray } from './stats.ts';

export type { SearchFilters, TermGroups };

const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, ...publicColumns } = getTableColumns(articles);

type PublicRow = Awaited<ReturnType<typeof fullRows>>[number];

/** Reads the page's full rows, in the ranked order; the ranking touched only narrow rows. */
async function fullRows(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select(publicColumns).from(articles).where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
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
 * True when a query certainly matches no article: in one of its groups, every word has a lexeme
 * missing from the term list, which holds every lexeme of 2–60 letters any article has had
 * (shorter or longer ones are not listed, so they never count as missing). Such a query needs no
 * look through the index. A group's words carry no '|' (see queryWords).
 */
const hasUnknownGroup = (groups: TermGroups) => sql`exists (
  select 1 from unnest(array[${sql.join(groups.map((g) => sql`${g.join('|')}`), sql`, `)}]::text[]) as g(words)
  where not exists (
    select 1 from unnest(string_to_array(g.words, '|')) as w(word)
    where not exists (
      select 1 from unnest(tsvector_to_array(to_tsvector('simple', w.word))) as l
      where length(l) between 2 and 60 and not exists (select 1 from ${searchTerms} where ${searchTerms.term} = l))))`;

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
        ${hasUnknownGroup(groups)} as unknown`) as unknown as { rows: Array<{ top: string | Date | null; bottom: string | Date | null; max_views: number | null; unknown: boolean }> }).rows;
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
        return done(await rankCandidates(s, candidates), total);
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
   * Which of these words some article has had (the term list; Persian words are their own
   * lexemes). Looked up through the primary key: with '=' the planner takes the trigram index,
   * which holds a short word in few trigrams and so reads many entries (about 20 ms for «کم»
   * against 2 for the lot through the key); 'between' is for the key alone.
   */
  async knownTerms(db: Db, words: string[]): Promise<Set<string>> {
    if (!words.length) return new Set();
    const result = await db.execute(sql`select w.word as term from unnest(array[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]) as w(word)
      where exists (select 1 from ${searchTerms} where ${searchTerms.term} between w.word and w.word)`);
    return new Set((result as unknown as { rows: Array<{ term: string }> }).rows.map((r) => r.term));
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
