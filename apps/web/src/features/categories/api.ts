import { useQuery } from '@tanstack/react-query';
import type { Category } from '@chapar/shared/contracts';
import { CATEGORIES } from '@chapar/shared/text';
import { pathQuery } from '../../lib/query.ts';

export const categoriesQuery = () => pathQuery<Category[]>('/api/categories');

export function useCategories() {
  return useQuery(categoriesQuery());
}

export interface CategoryTitle {
  name: string;
  description: string;
  /** A category of the site; an unknown one is shown but answers 404 and is not indexed. */
  known: boolean;
}

/** Shown for a category the site does not have, whose slug is not Persian to show. */
export const UNKNOWN_CATEGORY = {
  name: 'دسته‌بندی ناشناخته',
  description: 'چنین دسته‌بندی‌ای در چاپار نیست؛ خبرها را از دسته‌بندی‌های بالای صفحه دنبال کنید.',
} as const;

/**
 * Title and description of a category page: from the categories list, else the shared
 * constants, else the slug itself (spec 01 §2) when it is Persian, never English.
 */
export function categoryTitle(slug: string, categories: Category[] | undefined): CategoryTitle {
  const key = slug.toLowerCase();
  const fromApi = categories?.find((c) => c.slug.toLowerCase() === key);
  if (fromApi) return { name: fromApi.name, description: fromApi.description, known: true };
  const known = CATEGORIES.find((c) => c.slug === key);
  if (known) return { name: known.nameFa, description: known.description, known: true };
  const words = slug.replace(/[-_]+/g, ' ').trim();
  const persian = /^[\u0600-\u06ff\u200c\s]+$/.test(words) && /[\u0600-\u06ff]/.test(words);
  return { name: persian ? words : UNKNOWN_CATEGORY.name, description: UNKNOWN_CATEGORY.description, known: false };
}
