import type { Article } from '@chapar/shared/contracts';
import { ARTICLE_SUMMARY_FIELDS, type ArticleSummary } from '@chapar/shared/summary';
import { cardReadingMinutes } from '@chapar/shared/text';

export type { ArticleSummary };

/**
 * What a card needs (ARTICLE_SUMMARY_FIELDS and the card's reading time). Lists keep only
 * this, so the data embedded in server-rendered pages (and hydrated from them) stays small. The
 * server's own page reads answer list paths with summaries already (without the bodies the
 * database would otherwise send); those pass as they are.
 */
export function toSummary(article: Article | ArticleSummary): ArticleSummary {
  const summary = { cardMinutes: 'cardMinutes' in article ? article.cardMinutes : cardReadingMinutes(article.content) } as ArticleSummary;
  for (const field of ARTICLE_SUMMARY_FIELDS) (summary as Record<string, unknown>)[field] = article[field];
  return summary;
}

export function toSummaries(articles: Array<Article | ArticleSummary>): ArticleSummary[] {
  return articles.map(toSummary);
}
