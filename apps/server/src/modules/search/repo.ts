import { and, desc, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import { articles, type Db } from '@chapar/db';

const { searchTitle: _t, searchBody: _b, contentHash: _c, imageHash: _i, createdAt: _ca, ...publicColumns } = getTableColumns(articles);

const document = sql`(setweight(to_tsvector('simple', ${articles.searchTitle}), 'A') || setweight(to_tsvector('simple', ${articles.searchBody}), 'B'))`;

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

const total = sql<number>`count(*) over ()`.mapWith(Number);

export const searchRepo = {
  /** Full-text match over title (weight A) and body (B), ranked title-first. */
  async fullText(db: Db, tsquery: string, f: SearchFilters) {
    const query = sql`to_tsquery('simple', ${tsquery})`;
    const rank = sql`ts_rank(${document}, ${query})`;
    const order = f.sort === 'date' ? [desc(articles.publishedAt)] : f.sort === 'views' ? [desc(articles.views)] : [desc(rank), desc(articles.publishedAt)];
    return db.select({ ...publicColumns, total }).from(articles)
      .where(and(sql`${document} @@ ${query}`, ...filters(f)))
      .orderBy(...order, desc(articles.id)).limit(f.limit).offset(f.offset);
  },

  /** Typo tolerance: titles containing a word similar to the query (trigram index, `<%`). */
  async fuzzy(db: Db, normalised: string, f: SearchFilters) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.45`);
      const score = sql`word_similarity(${normalised}, ${articles.searchTitle})`;
      const order = f.sort === 'date' ? [desc(articles.publishedAt)] : f.sort === 'views' ? [desc(articles.views)] : [desc(score)];
      return tx.select({ ...publicColumns, total }).from(articles)
        .where(and(sql`${normalised} <% ${articles.searchTitle}`, ...filters(f)))
        .orderBy(...order, desc(articles.id)).limit(f.limit).offset(f.offset);
    });
  },
};
