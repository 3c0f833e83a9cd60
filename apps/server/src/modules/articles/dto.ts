import type { AdminArticle, Article } from '@chapar/shared/contracts';
import type { ArticleRow } from './admin-repo.ts';
import { telegramUrl } from './admin-table.ts';
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
    videoPosterUrl: row.videoPosterUrl,
    videoDuration: row.videoDuration,
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

/** The admin's view of an article (any status): the entity plus its publishing state and edits. */
/** `missingMedia`: what its post's mark says the article lacks (postStore.missingMediaFor). */
export function toAdminArticle(row: ArticleRow, missingMedia: string | null): AdminArticle {
  const published = row.status === 'published';
  return {
    ...toArticle(row),
    status: row.status,
    isPublished: published,
    unpublishedReason: published ? null : row.unpublishedReason,
    unpublishedAt: published ? null : (row.unpublishedAt?.toISOString() ?? null),
    editedFields: row.editedFields,
    telegramUrl: telegramUrl(row.source, row.telegramId),
    missingMedia,
  };
}
