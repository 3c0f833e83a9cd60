import { useQuery } from '../../lib/query-hooks.ts';
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
}

function capitalise(slug: string): string {
  return slug.charAt(0).toUpperCase() + slug.slice(1);
}

/**
 * Title and description of a category page: from the categories list, else the shared
 * constants, else the capitalised slug (spec 01 §2).
 */
export function categoryTitle(slug: string, categories: Category[] | undefined): CategoryTitle {
  const key = slug.toLowerCase();
  const fromApi = categories?.find((c) => c.slug.toLowerCase() === key);
  if (fromApi) return { name: fromApi.name, description: fromApi.description };
  const known = CATEGORIES.find((c) => c.slug === key);
  if (known) return { name: known.nameFa, description: known.description };
  return { name: capitalise(slug), description: '' };
}
