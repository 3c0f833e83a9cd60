import { articles, comments, type Database } from '@chapar/db';
import { normalizePersian, slugify, stripHtml } from '@chapar/shared/text';

type ArticleInsert = typeof articles.$inferInsert;
let counter = 0;

/** Inserts a published article with sensible Persian defaults; search columns filled as on ingest. */
export async function createArticle(database: Database, overrides: Partial<ArticleInsert> = {}) {
  counter++;
  const title = overrides.title ?? `خبر آزمایشی شماره ${counter} درباره بازار`;
  const content = overrides.content ?? `<p>متن خبر ${counter} با جزئیات کامل.</p>`;
  const excerpt = overrides.excerpt ?? `خلاصه خبر ${counter}`;
  const keywords = overrides.keywords ?? 'بازار,اقتصاد';
  const [row] = await database.db.insert(articles).values({
    slug: slugify(title),
    category: 'Economy',
    readingTime: 1,
    ...overrides,
    title, content, excerpt, keywords,
    searchTitle: normalizePersian(title),
    searchBody: normalizePersian(`${excerpt} ${stripHtml(content)} ${keywords}`),
  }).returning();
  return row;
}

type CommentInsert = typeof comments.$inferInsert;

/** Inserts a reader's comment on an article (awaiting moderation unless told otherwise). */
export async function createComment(database: Database, values: Pick<CommentInsert, 'articleId'> & Partial<CommentInsert>) {
  counter++;
  const [row] = await database.db.insert(comments).values({ authorName: `خواننده ${counter}`, content: `نظر آزمایشی ${counter}`, ...values }).returning();
  return row;
}
