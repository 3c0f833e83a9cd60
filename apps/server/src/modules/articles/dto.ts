import type { Article } from '@chapar/shared/contracts';
import type { PublicArticleRow } from './repo.ts';

/** The Article entity of the specs, from a row; dates as ISO strings. */
export function toArticle(row: PublicArticleRow): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    metaDescription: row.metaDescription,
    imageUrl: row.imageUrl,
    imageAltText: row.imageAltText,
    videoUrl: row.videoUrl,
    videoAltText: row.videoAltText,
    podcastUrl: row.podcastUrl,
    podcastVoice: row.podcastVoice,
    podcastDuration: row.podcastDuration,
    category: row.category,
    keywords: row.keywords,
    views: row.views,
    featured: row.featured,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    telegramId: row.telegramId,
    source: row.source,
    readingTime: row.readingTime,
  };
}
