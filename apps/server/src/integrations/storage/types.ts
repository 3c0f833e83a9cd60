// Where media lives once it leaves Telegram: the Storage interface. Keys are relative
// paths ('tg/akhbar_rooz/103/0-image.jpg'); URLs are what readers' browsers load.

import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  url: string;
  bytes: number;
}

/** Inclusive byte offsets, both inside the object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** 'local' (served by the app under /media), 's3' (an S3-compatible bucket) or 'memory' (tests, memory:// data dir). */
  readonly kind: 'local' | 's3' | 'memory';
  /** Writes (or replaces) an object; readers never see a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** Like put, from a file on disk, streamed (in parts, for S3): a large video is never held whole in memory. */
  putFile(key: string, file: string, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<Buffer | null>;
  /**
   * The object as a stream with its size, or null when it does not exist. With a range
   * (inclusive byte offsets inside the object, as `size` reported it), only those bytes.
   */
  stream(key: string, range?: ByteRange): Promise<{ body: Readable; bytes: number; contentType?: string } | null>;
  /** The object's size in bytes, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public URL of a key (whether or not it exists). */
  url(key: string): string;
  /** The key behind one of this storage's URLs; null for any other address. */
  keyFromUrl(url: string): string | null;
  /** Every key in this storage, sorted (temporary and health-check objects left out): backups walk it. */
  list?(): Promise<string[]>;
  /** Writes, reads back and deletes a small object: the health check (stopped when `signal` aborts). */
  probe(signal?: AbortSignal): Promise<void>;
}

/**
 * The store itself failed: a disk that is read-only or full, a bucket that refuses, is down or
 * does not answer in time. Never "the object is missing" (that is null); worth trying again later.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  /** The SDK's or the system's own words (English), for the server log; never shown to editors. */
  readonly technical: string | undefined;
  constructor(readonly detail: string, options?: { cause?: unknown; technical?: string }) {
    super(`ذخیره‌سازی رسانه در دسترس نیست: ${detail}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.technical = options?.technical;
  }
}

/** How long one storage call may take, and (S3) how many attempts it may make for quick failures. */
export interface StorageLimits {
  timeoutMs: number;
  maxAttempts: number;
}

export const DEFAULT_STORAGE_LIMITS: StorageLimits = { timeoutMs: 10_000, maxAttempts: 3 };

// Keys are built by the app, but a key from a stored URL is checked anyway: no '..',
// no absolute paths, only the characters our key builders use.
const KEY_RE = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]{0,300}$/;

/** A key no storage accepts: the caller's mistake, never the store failing. */
export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';
  constructor(key: string) {
    super(`Invalid storage key: ${key}`);
  }
}

export function assertKey(key: string): string {
  if (!KEY_RE.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/** The key of a URL under `baseUrl` ('/media' or 'https://cdn.example/media'), or null. */
export function keyUnder(baseUrl: string, url: string): string | null {
  const prefix = `${baseUrl.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return null;
  const key = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0]);
  return KEY_RE.test(key) ? key : null;
}
