import { useQuery } from '@tanstack/react-query';
import type { Category } from '@chapar/shared/contracts';
import { useAdminRequest } from '../../lib/api.ts';

/** The site's categories as the database has them: the edit dialog's category options. */
export function useCategories() {
  const request = useAdminRequest();
  return useQuery({ queryKey: ['admin', 'categories'], queryFn: () => request<Category[]>('GET', '/api/categories'), staleTime: 5 * 60_000 });
}
