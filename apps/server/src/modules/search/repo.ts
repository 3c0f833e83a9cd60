import { and, desc, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { articles, searchTerms, type Db } from '@chapar/db';

const { searchTitle: _t, searchBody: _b, searchVector: _v, contentHash: _c, imageHash: _i, createdAt: _ca, ...publicColumns } = getTableColumns(articles);

export interface SearchFilters {
  category?: string;
  since?: Date;
  sort: 'relevance' | 'date' | 'views';
  limit: number;
  offset: number;
}

function filters(f: SearchFilters): SQL[] {
  const where: SQL[] = [sql`${articles.status} = 'published'`];
  if (f.category) where.push(sql`${articles.category} = ${f.category}`);
  if (f.since) where.push(gte(articles.publishedAt, f.since));
  return where;
}

/** Counting stops here: "more than a thousand results" is all a reader needs to know. */
export const TOTAL_CAP = 1000;
/** Relevance is ranked among this many newest matches, so a common word costs bounded work. */
const RELEVANCE_CANDIDATES = 500;

/**
 * Reads the page's full rows for the ranked ids; the ranking itself touched only narrow rows,
 * and every step can stop early on an index instead of visiting every match.
 */
async function page(db: Db, ids: number[], where: SQL | undefined) {
  if (!ids.length) return { rows: [], total: 0 };
  const rows = await db.select(publicColumns).from(articles).where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(articles).where(where).limit(TOTAL_CAP).as('capped'));
  return { rows: ids.map((id) => byId.get(id)).filter((r) => r !== undefined), total: n };
}

export const searchRepo = {
  /** Full-text match over title (weight A) and body (B), ranked title-first. */
  async fullText(db: Db, tsquery: string, f: SearchFilters) {
    const query = sql`to_tsquery('simple', ${tsquery})`;
    const where = and(sql`${articles.searchVector} @@ ${query}`, ...filters(f));
    return db.transaction(async (tx) => {
      // The planner likes walking the date or views index and testing each row's (large,
      // out-of-line) search vector; reading the matches from the GIN index is far cheaper
      // unless a word is in nearly every article, and then a page is still bounded work.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      if (f.sort !== 'relevance') {
        const order = f.sort === 'date' ? desc(articles.publishedAt) : desc(articles.views);
        const rows = await tx.select({ id: articles.id }).from(articles).where(where)
          .orderBy(order, desc(articles.id)).limit(f.limit).offset(f.offset);
        return page(tx as unknown as Db, rows.map((r) => r.id), where);
      }
      const candidates = tx.select({ id: articles.id, publishedAt: articles.publishedAt, vector: articles.searchVector })
        .from(articles).where(where).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(RELEVANCE_CANDIDATES).as('candidates');
      const rows = await tx.select({ id: candidates.id }).from(candidates)
        .orderBy(desc(sql`ts_rank(${candidates.vector}, ${query})`), desc(candidates.publishedAt), desc(candidates.id))
        .limit(f.limit).offset(f.offset);
      return page(tx as unknown as Db, rows.map((r) => r.id), where);
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
