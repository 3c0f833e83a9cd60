import { queryOptions } from '@tanstack/react-query';
import { pathOfRead, type PageRead } from '@chapar/shared/page-reads';
import { readData } from './api-client.ts';

/**
 * Query options whose key is the API path it reads (spec 01 §7). `map` shapes the answer
 * before it is cached (and embedded in server-rendered pages).
 */
export function pathQuery<TRaw, T = TRaw>(path: string, map?: (raw: TRaw) => T) {
  return readQuery<TRaw, T>({ read: 'api', path }, map);
}

/** Query options for a typed read, keyed by its API path like pathQuery's. */
export function readQuery<TRaw, T = TRaw>(read: PageRead, map?: (raw: TRaw) => T) {
  return queryOptions({
    queryKey: [pathOfRead(read)] as const,
    queryFn: async ({ client }): Promise<T> => {
      const raw = await readData<TRaw>(client, read);
      return map ? map(raw) : (raw as unknown as T);
    },
  });
}
