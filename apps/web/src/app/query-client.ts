import { QueryClient } from '@tanstack/react-query';

/** Spec 01 §9: fresh for 5 minutes, no retries, no refetch on focus, no polling unless asked. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
