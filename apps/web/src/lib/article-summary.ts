import type { Article } from '@chapar/shared/contracts';
import { cardReadingMinutes } from '@chapar/shared/text';

/** The fields cards, sliders, lists and topic chips read; nothing else travels with a list. */
const SUMMARY_FIELDS = ['id', 'slug', 'title', 'excerpt', 'imageUrl', 'imageAltText', 'videoUrl', 'category', 'keywords', 'views', 'featured', 'publishedAt', 'updatedAt'] as const;

/**
 * What a card needs: a few fields of the article, never its body. Lists keep only this, so
 * the data embedded in server-rendered pages (and hydrated from them) stays small; the card's
 * reading time (content length / 1000, spec 01 §2) is computed before the body is dropped.
 */
export type ArticleSummary = Pick<Article, (typeof SUMMARY_FIELDS)[number]> & { cardMinutes: number };

export function toSummary(article: Article): ArticleSummary {
  const summary = { cardMinutes: cardReadingMinutes(article.content) } as ArticleSummary;
  for (const field of SUMMARY_FIELDS) (summary as Record<string, unknown>)[field] = article[field];
  return summary;
}

export function toSummaries(articles: Article[]): ArticleSummary[] {
  return articles.map(toSummary);
}
