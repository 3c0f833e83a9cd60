import { QueryClient } from '@tanstack/react-query';

// Spec 01 §9: fresh for 5 minutes, no retries, no refetch on focus, no polling unless asked.
const SITE_DEFAULTS = {
  queries: { staleTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
};

/** TanStack Query's own client with the site's defaults, in the browser and for each server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: SITE_DEFAULTS });
}
