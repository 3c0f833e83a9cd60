import { and, desc, eq } from 'drizzle-orm';
import { articles, bookmarks, type Db } from '@chapar/db';


export const bookmarkRepo = {
  async publishedArticleExists(db: Db, articleId: number): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles)
      .where(and(eq(articles.id, articleId), eq(articles.status, 'published')));
    return Boolean(row);
  },

  /** The session's bookmarks of published articles, newest first. */
  async listForSession(db: Db, sessionId: string) {
    return db.select({
      articleId: bookmarks.articleId,
      createdAt: bookmarks.createdAt,
      article: {
        id: articles.id,
        title: articles.title,
        slug: articles.slug,
        imageUrl: articles.imageUrl,
        category: articles.category,
        publishedAt: articles.publishedAt,
      },
    }).from(bookmarks)
      .innerJoin(articles, and(eq(articles.id, bookmarks.articleId), eq(articles.status, 'published')))
      .where(eq(bookmarks.sessionId, sessionId))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
  },

  async add(db: Db, sessionId: string, articleId: number): Promise<void> {
    await db.insert(bookmarks).values({ sessionId, articleId }).onConflictDoNothing();
  },

  /** True when a bookmark was there to remove. */
  async remove(db: Db, sessionId: string, articleId: number): Promise<boolean> {
    const rows = await db.delete(bookmarks)
      .where(and(eq(bookmarks.sessionId, sessionId), eq(bookmarks.articleId, articleId)))
      .returning({ id: bookmarks.id });
    return rows.length > 0;
  },
};
