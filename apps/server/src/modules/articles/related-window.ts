// An article's related articles (spec 02), chosen in memory from the newest articles' categories
// and keywords.
//
// The rule: among the newest RELATED_SAME_CATEGORY_WINDOW published articles of the article's
// category and the newest RELATED_RECENT_WINDOW of all (the article itself left out), 2 points
// for the same category and 1 per distinct keyword shared (the article's keywords trimmed, empty
// ones dropped; a candidate's as they are), then the newest to the millisecond, then the highest
// id. Scoring every published article read the whole table for each page; the windows bound the
// cost whatever the size of the archive.
//
// Scored in the database for every article page, the keyword counting alone was a third of a
// millisecond of the server's own thread, and the whole read 0.9 ms where the article's own row
// takes 0.2 (PGlite, the demo site). The candidates are the same for every article page until an
// article is added, withdrawn or edited, so their ids, categories, keywords and times are kept
// here, and each page scores them.
//
// They are exact, not a cache that may be behind: the database counts every change to what the
// rule reads (related_version, migration 0016, statement triggers on articles, whichever process
// writes), the article page reads that count with the article, and a different count drops the
// kept windows before they are used again.
import { sql } from 'drizzle-orm';
import { articles, preparedRead, relatedVersion, type Db } from '@chapar/db';

export const RELATED_SAME_CATEGORY_WINDOW = 300;
export const RELATED_RECENT_WINDOW = 500;

/** A candidate as the rule reads it. */
interface Candidate {
  id: number;
  category: string;
  /** Its keywords split at commas, untrimmed (a candidate's spaces count), each once. */
  parts: string[];
  /** Its time to the millisecond (the rule orders ties of score by it). */
  ms: number;
}

interface CandidateRow {
  id: number;
  category: string;
  keywords: string;
  ms: number;
}

/** What the rule needs of the article itself. */
export interface RelatedFor {
  id: number;
  category: string;
  keywords: string;
}

// Each window is read newest first, in the database's own order (to the microsecond, then the
// id), one more than its size: the article itself is left out of the window it is in.
const windowColumns = sql`select ${articles.id} as id, ${articles.category} as category, ${articles.keywords} as keywords,
  (extract(epoch from date_trunc('milliseconds', ${articles.publishedAt})) * 1000)::float8 as ms from ${articles}`;
const newestOrder = sql`order by ${articles.publishedAt} desc, ${articles.id} desc`;
const recentRead = preparedRead<CandidateRow>('related_recent_window',
  sql`${windowColumns} where ${articles.status} = 'published' ${newestOrder} limit ${sql.raw(String(RELATED_RECENT_WINDOW + 1))}`);
const categoryRead = preparedRead<CandidateRow>('related_category_window',
  sql`${windowColumns} where ${articles.category} = ${sql.placeholder('category')} and ${articles.status} = 'published' ${newestOrder}
    limit ${sql.raw(String(RELATED_SAME_CATEGORY_WINDOW + 1))}`);

/** The change count to read with an article (as text: a bigint is read alike by both drivers). */
export const relatedVersionSql = sql`(select ${relatedVersion.version}::text from ${relatedVersion} where ${relatedVersion.id} = 1)`;

function candidates(rows: CandidateRow[]): Candidate[] {
  return rows.map(({ id, category, keywords, ms }) => ({ id, category, parts: [...new Set(keywords.split(','))], ms: Number(ms) }));
}

interface Windows {
  version: string;
  /** By category; `null`: the newest of all. */
  windows: Map<string | null, Promise<Candidate[]>>;
  /** The windows of `windows` already read, for choosing before a page's read (guessRelated). */
  ready: Map<string | null, Candidate[]>;
}

/** Per database: the windows read at the last change count an article page read. */
const kept = new WeakMap<Db, Windows>();

/** A window read once for every page that needs it at this count; a failed read is tried again by the next page. */
function windowOf(db: Db, version: string | null, category: string | null): Promise<Candidate[]> {
  const read = () => (category === null ? recentRead(db, {}) : categoryRead(db, { category })).then(candidates);
  // Without its row the count cannot tell a change: nothing is kept.
  if (version === null) return read();
  let at = kept.get(db);
  if (!at || at.version !== version) {
    at = { version, windows: new Map(), ready: new Map() };
    kept.set(db, at);
  }
  const { windows, ready } = at;
  let window = windows.get(category);
  if (!window) {
    const started = read();
    window = started;
    windows.set(category, started);
    started.then((candidates) => {
      if (windows.get(category) === started) ready.set(category, candidates);
    }, () => {
      if (windows.get(category) === started) windows.delete(category);
    });
  }
  return window;
}

/** The first `size` of a window without the article itself. */
function* without(window: Candidate[], id: number, size: number): Generator<Candidate> {
  let taken = 0;
  for (const candidate of window) {
    if (candidate.id === id) continue;
    if (taken++ === size) return;
    yield candidate;
  }
}

/** Higher score first, then the newer to the millisecond, then the higher id. */
const before = (a: { score: number; c: Candidate }, b: { score: number; c: Candidate }) => b.score - a.score || b.c.ms - a.c.ms || b.c.id - a.c.id;

/**
 * The ids of `article`'s related articles, best first, at most `limit`. `version` is the change
 * count read with the article (relatedVersionSql).
 */
export async function chooseRelated(db: Db, article: RelatedFor, version: string | null, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const [recent, same] = await Promise.all([windowOf(db, version, null), windowOf(db, version, article.category)]);
  if (version !== null) remember(db, article);
  return best(article, recent, same, limit);
}

/** The rule over the two windows: the ids of `article`'s best `limit` candidates, best first. */
function best(article: RelatedFor, recent: Candidate[], same: Candidate[], limit: number): number[] {
  // The article's keywords count trimmed (JavaScript's trim is the database's btrim here), each once, empty ones not at all.
  const wanted = new Set<string>();
  for (const part of article.keywords.split(',')) {
    const key = part.trim();
    if (key) wanted.add(key);
  }
  const pool = new Map<number, Candidate>();
  for (const c of without(same, article.id, RELATED_SAME_CATEGORY_WINDOW)) pool.set(c.id, c);
  for (const c of without(recent, article.id, RELATED_RECENT_WINDOW)) if (!pool.has(c.id)) pool.set(c.id, c);

  // The best `limit`, kept in order as the pool is walked once.
  const top: Array<{ score: number; c: Candidate }> = [];
  for (const c of pool.values()) {
    let score = c.category === article.category ? 2 : 0;
    for (const part of c.parts) if (wanted.has(part)) score++;
    const scored = { score, c };
    if (top.length === limit && before(scored, top[limit - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && before(scored, top[at - 1]) < 0) at--;
    top.splice(at, 0, scored);
    if (top.length > limit) top.pop();
  }
  return top.map(({ c }) => c.id);
}

// An article page's related articles chosen before its read.
//
// An uncached article page made two reads: the article, then the related articles the windows
// chose for it. Each read into the embedded database has a fixed cost (a statement through
// WebAssembly and its answer decoded), about a quarter of the page's reading. The rule needs of
// the article only its category and keywords, which rarely change: those its last read found
// are remembered, the related articles are chosen from them and the windows kept now, and the
// article is read with those related articles in one statement. The guess holds when the read
// finds the same change count (so the same windows) and the same category and keywords: the
// rule then chooses exactly the guessed articles. Otherwise the page reads them as before.

/** Articles whose category and keywords are remembered at most, per database (a few hundred bytes each). */
export const REMEMBERED_ARTICLES = 10_000;
const remembered = new WeakMap<Db, Map<number, RelatedFor>>();

function remember(db: Db, { id, category, keywords }: RelatedFor): void {
  let known = remembered.get(db);
  if (!known) {
    known = new Map();
    remembered.set(db, known);
  }
  const was = known.get(id);
  if (was && was.category === category && was.keywords === keywords) return;
  known.delete(id);
  // The first remembered is forgotten first; an article forgotten is remembered again by the
  // next read of its page (which makes the two reads its guess would have saved).
  if (known.size >= REMEMBERED_ARTICLES) known.delete(known.keys().next().value!);
  known.set(id, { id, category, keywords });
}

/** Related articles chosen before the article's read, and what they were chosen from. */
export interface RelatedGuess {
  ids: number[];
  /** The change count of the windows they were chosen in. */
  version: string;
  /** The article as its last read found it. */
  article: RelatedFor;
}

/**
 * The related articles of article `id` as the rule would choose them if it has not changed
 * since it was last read, from the windows kept now; undefined when its category and keywords
 * are not remembered or its windows are not read yet.
 */
export function guessRelated(db: Db, id: number, limit: number): RelatedGuess | undefined {
  if (limit <= 0) return undefined;
  const article = remembered.get(db)?.get(id);
  const at = kept.get(db);
  if (!article || !at) return undefined;
  const recent = at.ready.get(null);
  const same = at.ready.get(article.category);
  if (!recent || !same) return undefined;
  return { ids: best(article, recent, same, limit), version: at.version, article };
}

/** Whether the article and change count a read found choose exactly the guessed related articles. */
export function guessHolds(guess: RelatedGuess, article: RelatedFor, version: string | null): boolean {
  return version === guess.version && article.id === guess.article.id && article.category === guess.article.category && article.keywords === guess.article.keywords;
}
