// The storage integration's public surface, and the choice of implementation.
import path from 'node:path';
import { createLocalStorage } from './local-storage.ts';
import { createMemoryStorage } from './memory-storage.ts';
import type { Storage } from './types.ts';

export type { Storage, StoredObject } from './types.ts';
export { createLocalStorage } from './local-storage.ts';
export { createMemoryStorage } from './memory-storage.ts';

export interface MediaStorages {
  /** Served to readers: watermarked media and uploads. */
  media: Storage;
  /** Never served: the untouched originals, so watermarks can be applied again and verified. */
  originals: Storage;
}

/** Local disk under dataDir (media/ is public, originals/ is not); memory for a memory:// data dir. */
export function createStorages(options: { dataDir: string; mediaBaseUrl: string }): MediaStorages {
  if (options.dataDir.startsWith('memory://')) {
    return { media: createMemoryStorage({ baseUrl: options.mediaBaseUrl }), originals: createMemoryStorage({ baseUrl: 'originals:' }) };
  }
  return {
    media: createLocalStorage({ root: path.join(options.dataDir, 'media'), baseUrl: options.mediaBaseUrl }),
    originals: createLocalStorage({ root: path.join(options.dataDir, 'originals'), baseUrl: 'originals:' }),
  };
}
