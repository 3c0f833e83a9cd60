import type { Article } from '@chapar/shared/contracts';
import { cardReadingMinutes } from '@chapar/shared/text';

/**
 * What a card needs: the article without its body. Lists keep only this, so the data
 * embedded in server-rendered pages stays small; the card's reading time (content length
 * / 1000, spec 01 §2) is computed before the body is dropped.
 */
export type ArticleSummary = Omit<Article, 'content'> & { cardMinutes: number };

export function toSummary(article: Article): ArticleSummary {
  const { content, ...rest } = article;
  return { ...rest, cardMinutes: cardReadingMinutes(content) };
}

export function toSummaries(articles: Article[]): ArticleSummary[] {
  return articles.map(toSummary);
}
