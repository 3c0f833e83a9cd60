import { useQuery } from '@tanstack/react-query';
import type { Article } from '@chapar/shared/contracts';
import { pathQuery } from '../../lib/query.ts';

export const articleQuery = (id: number) => pathQuery<Article>(`/api/articles/${id}`);

export const useArticle = (id: number | null) => useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });

/** Spec 02 §2: a legacy id that moved. */
export const ARTICLE_REDIRECTS: Readonly<Record<number, number>> = { 884: 885 };

export const BREADCRUMB_TITLE_MAX = 40;

export function breadcrumbTitle(title: string): string {
  return title.length > BREADCRUMB_TITLE_MAX ? `${title.slice(0, BREADCRUMB_TITLE_MAX)}…` : title;
}
