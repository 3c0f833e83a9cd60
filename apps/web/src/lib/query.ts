import { queryOptions } from '@tanstack/react-query';
import { getJson } from './api-client.ts';

/**
 * Query options whose key is the API path it reads (spec 01 §7). `map` shapes the answer
 * before it is cached (and embedded in server-rendered pages).
 */
export function pathQuery<TRaw, T = TRaw>(path: string, map?: (raw: TRaw) => T) {
  return queryOptions({
    queryKey: [path] as const,
    queryFn: async ({ client }): Promise<T> => {
      const raw = await getJson<TRaw>(client, path);
      return map ? map(raw) : (raw as unknown as T);
    },
  });
}
