// Storage kept in the process: for an app whose data dir is memory:// (tests, throwaway
// runs), where there is no disk to serve from. Same contract as the local one.
import { assertKey, keyUnder, type Storage } from './types.ts';

export function createMemoryStorage(options: { baseUrl: string }): Storage & { keys(): string[] } {
  const objects = new Map<string, Buffer>();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const url = (key: string) => `${baseUrl}/${assertKey(key)}`;
  return {
    kind: 'memory',
    async put(key, body) {
      objects.set(assertKey(key), Buffer.from(body));
      return { key, url: url(key), bytes: body.length };
    },
    async get(key) {
      return objects.get(assertKey(key)) ?? null;
    },
    async exists(key) {
      return objects.has(assertKey(key));
    },
    async delete(key) {
      objects.delete(assertKey(key));
    },
    url,
    keyFromUrl: (address) => keyUnder(baseUrl, address),
    async probe() {
      objects.set('_health/probe', Buffer.from('ok'));
      objects.delete('_health/probe');
    },
    keys: () => [...objects.keys()],
  };
}
