import { ARTICLE_NOT_FOUND, type Bookmark } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { bookmarkRepo } from './repo.ts';


export async function listBookmarks(db: Db, sessionId: string): Promise<Bookmark[]> {
  const rows = await bookmarkRepo.listForSession(db, sessionId);
  return rows.map((r) => ({
    articleId: r.articleId,
    createdAt: r.createdAt.toISOString(),
    article: { ...r.article, publishedAt: r.article.publishedAt.toISOString() },
  }));
}

/** Idempotent: bookmarking twice leaves one bookmark. */
export async function addBookmark(db: Db, sessionId: string, articleId: number): Promise<{ bookmarked: boolean }> {
  if (!(await bookmarkRepo.publishedArticleExists(db, articleId))) throw notFound(ARTICLE_NOT_FOUND);
  await bookmarkRepo.add(db, sessionId, articleId);
  return { bookmarked: true };
}

/** Idempotent, and fine for an article that has since gone. */
export async function removeBookmark(db: Db, sessionId: string, articleId: number): Promise<{ bookmarked: boolean }> {
  await bookmarkRepo.remove(db, sessionId, articleId);
  return { bookmarked: false };
}

/** The article page's toggle (spec 02 §3): removes the bookmark if there was one, else adds it. */
export async function toggleBookmark(db: Db, sessionId: string, articleId: number): Promise<{ bookmarked: boolean }> {
  return db.transaction(async (tx) => {
    if (await bookmarkRepo.remove(tx, sessionId, articleId)) return { bookmarked: false };
    if (!(await bookmarkRepo.publishedArticleExists(tx, articleId))) throw notFound(ARTICLE_NOT_FOUND);
    await bookmarkRepo.add(tx, sessionId, articleId);
    return { bookmarked: true };
  });
}
