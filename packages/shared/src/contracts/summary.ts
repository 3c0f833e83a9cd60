// Apart from the zod schemas: the browser bundle imports this file alone.
import type { Article } from './articles.ts';

/** The fields cards, sliders, lists and topic chips read; nothing else travels with a list. */
export const ARTICLE_SUMMARY_FIELDS = ['id', 'slug', 'title', 'excerpt', 'imageUrl', 'imageAltText', 'videoUrl', 'category', 'keywords', 'views', 'featured', 'publishedAt', 'updatedAt'] as const;

/**
 * What a card needs: a few fields of the article, never its body, and the card's reading time
 * (content length / 1000, at least one, spec 01 §2), computed before the body is dropped.
 */
export type ArticleSummary = Pick<Article, (typeof ARTICLE_SUMMARY_FIELDS)[number]> & { cardMinutes: number };
