// Storage kept in the process: for an app whose data dir is memory:// (tests, throwaway
// runs), where there is no disk to serve from. Same contract as the local one.
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
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
    async putFile(key, file) {
      const body = await readFile(file);
      objects.set(assertKey(key), body);
      return { key, url: url(key), bytes: body.length };
    },
    async get(key) {
      return objects.get(assertKey(key)) ?? null;
    },
    async stream(key, range) {
      const whole = objects.get(assertKey(key));
      const body = whole && range ? whole.subarray(range.start, range.end + 1) : whole;
      return body ? { body: Readable.from([body]), bytes: body.length } : null;
    },
    async size(key) {
      return objects.get(assertKey(key))?.length ?? null;
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
    list: async () => [...objects.keys()].sort(),
  };
}
