// The storage integration's public surface, and the choice of implementation.
import path from 'node:path';
import { createLocalStorage } from './local-storage.ts';
import { createMemoryStorage } from './memory-storage.ts';
import { createS3Storage, lazyS3Client, type S3Options } from './s3-storage.ts';
import { DEFAULT_STORAGE_LIMITS, type Storage, type StorageLimits } from './types.ts';

export type { Storage, StorageLimits, StoredObject } from './types.ts';
export { DEFAULT_STORAGE_LIMITS, StorageUnavailableError } from './types.ts';
export { createLocalStorage } from './local-storage.ts';
export { createMemoryStorage } from './memory-storage.ts';
export { createS3Storage, describeS3Error, loadS3Sdk, s3ClientConfig, type S3Options } from './s3-storage.ts';

export interface MediaStorages {
  /** Served to readers: watermarked media and uploads. */
  media: Storage;
  /** Never served: the untouched originals, so watermarks can be applied again and verified. */
  originals: Storage;
}

/** The prefixes of the two storages in a bucket: media/ may be public, originals/ never is. */
export const S3_MEDIA_PREFIX = 'media';
export const S3_ORIGINALS_PREFIX = 'originals';

/** Both storages in one S3-compatible bucket, under their own prefixes. */
export function createS3Storages(s3: S3Options, mediaBaseUrl: string, limits: StorageLimits = DEFAULT_STORAGE_LIMITS): MediaStorages {
  const connect = lazyS3Client(s3, limits);
  return {
    media: createS3Storage({ connect, bucket: s3.bucket, prefix: S3_MEDIA_PREFIX, baseUrl: mediaBaseUrl, cacheControl: 'public, max-age=2592000', limits }),
    originals: createS3Storage({ connect, bucket: s3.bucket, prefix: S3_ORIGINALS_PREFIX, baseUrl: 'originals:', limits }),
  };
}

/** The local disk (DATA_DIR/media is public, DATA_DIR/originals is not). */
export function createLocalStorages(dataDir: string, mediaBaseUrl: string, limits: StorageLimits = DEFAULT_STORAGE_LIMITS): MediaStorages {
  return {
    media: createLocalStorage({ root: path.join(dataDir, 'media'), baseUrl: mediaBaseUrl, timeoutMs: limits.timeoutMs }),
    originals: createLocalStorage({ root: path.join(dataDir, 'originals'), baseUrl: 'originals:', timeoutMs: limits.timeoutMs }),
  };
}

/** An S3 bucket when configured; else local disk under dataDir, or memory for a memory:// data dir. */
export function createStorages(options: { dataDir: string; mediaBaseUrl: string; s3?: S3Options; limits?: StorageLimits }): MediaStorages {
  if (options.s3) return createS3Storages(options.s3, options.mediaBaseUrl, options.limits);
  if (options.dataDir.startsWith('memory://')) {
    return { media: createMemoryStorage({ baseUrl: options.mediaBaseUrl }), originals: createMemoryStorage({ baseUrl: 'originals:' }) };
  }
  return createLocalStorages(options.dataDir, options.mediaBaseUrl, options.limits);
}
