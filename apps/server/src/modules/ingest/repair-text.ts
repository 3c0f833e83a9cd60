// Repairs of an article's text that need no Telegram: a sound excerpt and meta
// description, tidy HTML (sanitised, Persian letters, no empty paragraphs) and every
// derived field recomputed.
import { excerptRepeatsLead, stripHtml } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleRow } from '../articles/admin-repo.ts';
import { derivedFields, fitMeta, fixArabicLetters, sameText } from '../articles/derived-fields.ts';
import { sanitizeArticleContent } from '../articles/sanitize-content.ts';
import type { Services } from '../../services.ts';

const EXCERPT_MAX = 300;

/** Saves changed text fields with their derived fields; false when nothing changed. */
export async function rewriteText(s: Pick<Services, 'db'>, article: ArticleRow, patch: Partial<Pick<ArticleRow, 'title' | 'excerpt' | 'content' | 'metaDescription'>>): Promise<boolean> {
  const next = { ...article, ...patch };
  const changed = (['title', 'excerpt', 'content', 'metaDescription'] as const).some((k) => next[k] !== article[k]);
  const derived = derivedFields(next);
  const stale = derived.searchBody !== article.searchBody || derived.readingTime !== article.readingTime || derived.slug !== article.slug;
  if (!changed && !stale) return false;
  await articleAdminRepo.update(s.db, article.id, { ...patch, ...derived, ...(changed ? { updatedAt: new Date() } : {}) });
  return true;
}

/**
 * An excerpt that is missing, too long, HTML, just the title, or the body's whole first
 * paragraph over again is written again from the body.
 */
export async function tidyExcerpt(s: Pick<Services, 'db' | 'offlineRewriter'>, article: ArticleRow): Promise<boolean> {
  let excerpt = stripHtml(article.excerpt);
  if (!excerpt || excerpt.length > EXCERPT_MAX || sameText(excerpt, article.title) || excerpt !== article.excerpt || excerptRepeatsLead(excerpt, article.content)) {
    excerpt = await s.offlineRewriter.regenerateField({ field: 'excerpt', content: article.content }).catch(() => excerpt);
  }
  const metaDescription = fitMeta(article.metaDescription && !sameText(article.metaDescription, article.title) ? stripHtml(article.metaDescription) : excerpt);
  return rewriteText(s, article, { excerpt, metaDescription });
}

export async function tidyContent(s: Pick<Services, 'db'>, article: ArticleRow): Promise<boolean> {
  const content = sanitizeArticleContent(fixArabicLetters(article.content)).replace(/(?:<br\s*\/?>\s*){2,}/g, '<br>');
  return rewriteText(s, article, {
    content,
    title: fixArabicLetters(article.title).trim(),
    excerpt: fixArabicLetters(article.excerpt).trim(),
    metaDescription: fitMeta(article.metaDescription ? fixArabicLetters(article.metaDescription) : article.excerpt),
  });
}
