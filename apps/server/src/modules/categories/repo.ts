import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { articles, categories, type Db } from '@chapar/db';

export const categoryRepo = {
  async all(db: Db) {
    return db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  },
  async bySlug(db: Db, slug: string) {
    const [row] = await db.select().from(categories).where(eq(categories.slug, slug.toLowerCase()));
    return row;
  },
  /** Articles whose English category matches the slug (Politics ↔ politics). */
  async articleIdsBySlug(db: Db, slug: string, limit: number) {
    return db.select({ id: articles.id }).from(articles)
      .where(and(eq(articles.status, 'published'), sql`lower(${articles.category}) = ${slug.toLowerCase()}`))
      .orderBy(desc(articles.publishedAt), desc(articles.id)).limit(limit);
  },
};
