import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Article } from '@chapar/shared/contracts';
import { toSummaries, type ArticleSummary } from '../../lib/article-summary.ts';
import { readQuery } from '../../lib/query.ts';
import { trackEvent } from '../../lib/track.ts';
import { safeUrl, sanitizeArticleHtml } from './sanitize-html.ts';

/** Spec 02 §9. */
export const BREADCRUMB_TITLE_MAX = 40;
export const RELATED_MAX = 6;
export const VIEW_30S_MS = 30_000;

const safeOrNull = (url: string | null) => (url ? safeUrl(url) : null);

/**
 * The article as the page shows it: the body cleaned again (see sanitize-html.ts) and media
 * addresses limited to http(s) and the site. Cleaned before it is cached, so the state the
 * server embeds in the page is already clean and the browser hydrates the same markup.
 */
export function toDisplayArticle(article: Article): Article {
  return {
    ...article,
    content: sanitizeArticleHtml(article.content),
    imageUrl: safeOrNull(article.imageUrl),
    videoUrl: safeOrNull(article.videoUrl),
    podcastUrl: safeOrNull(article.podcastUrl),
  };
}

export const articleQuery = (id: number) => readQuery<Article, Article>({ read: 'article', id }, toDisplayArticle);

/**
 * A read that failed stays failed on mount, as the server rendered it: a missing article shows its
 * 'not found' (and a passing failure its retry button), not a skeleton while it is asked again.
 */
export const useArticle = (id: number | null) => useQuery({ ...articleQuery(id ?? 0), enabled: id !== null, retryOnMount: false });

/** GET /api/articles/{id}/related: at most 6, kept without their bodies. */
export const relatedQuery = (id: number) =>
  readQuery<Article[], ArticleSummary[]>({ read: 'related', id }, (list) => toSummaries(list.slice(0, RELATED_MAX)));

export const useRelated = (id: number) => useQuery(relatedQuery(id));

export function breadcrumbTitle(title: string): string {
  return title.length > BREADCRUMB_TITLE_MAX ? `${title.slice(0, BREADCRUMB_TITLE_MAX)}…` : title;
}

export function keywordList(keywords: string): string[] {
  return [...new Set(keywords.split(/[,،]/).map((k) => k.trim()).filter(Boolean))];
}

/** Spec 02 §7: a 'view' on opening and a 'view_30s' after 30 s on the page. */
export function useTrackViews(articleId: number): void {
  useEffect(() => {
    trackEvent(articleId, 'view');
    const timer = setTimeout(() => trackEvent(articleId, 'view_30s'), VIEW_30S_MS);
    return () => clearTimeout(timer);
  }, [articleId]);
}
