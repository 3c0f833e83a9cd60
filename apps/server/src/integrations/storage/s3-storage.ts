// Storage in an S3-compatible bucket (AWS S3, MinIO, Garage, R2...) through the official SDK.
// One bucket holds both storages under their own prefixes: media/ (what MEDIA_BASE_URL serves,
// usually a CDN in front of the bucket) and originals/ (never public). Files are uploaded with
// lib-storage's Upload: small ones in one request, large ones streamed in parts.
//
// Every call has a deadline (STORAGE_TIMEOUT_MS): the SDK's own request timeouts bound each
// attempt, its retry strategy makes at most STORAGE_MAX_ATTEMPTS of them for quick failures
// (a refused connection, a 5xx), and an abort signal per call bounds them all together. A
// bucket that fails or does not answer is a StorageUnavailableError; only a missing object is null.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { withDeadline } from '../deadline.ts';
import { bucketFailure, publicUrlReason } from './failure.ts';
import { assertKey, DEFAULT_STORAGE_LIMITS, InvalidStorageKeyError, keyUnder, StorageUnavailableError, type Storage, type StorageLimits } from './types.ts';

export interface S3Options {
  /** Undefined for AWS itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined: the SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** What MEDIA_BASE_URL gave instead of the object just written. */
const OTHER_CONTENT = 'چیز دیگری جز فایل آزمایشی داد';

/** Parts of 8 MiB, four in flight: at most 32 MiB of one file in memory however large it is. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

type S3Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/lib-storage'), 'Upload'>;
let sdk: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK, loaded on the first S3 call: it takes about 25 MB and 0.1 s to load, which a
 * site keeping its media on the local disk never needs to spend.
 */
export function loadS3Sdk(): Promise<S3Sdk> {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([client, lib]) => ({ ...client, Upload: lib.Upload }));
  return sdk;
}

/**
 * The client's settings for these options (path-style addressing, credentials when given):
 * each attempt may take `timeoutMs` to connect and as long again for the answer's headers
 * (a part's upload included), and quick failures are tried `maxAttempts` times in all.
 */
export function s3ClientConfig(options: S3Options, limits: StorageLimits = DEFAULT_STORAGE_LIMITS): S3ClientConfig {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    maxAttempts: limits.maxAttempts,
    // Without throwOnRequestTimeout the SDK only logs a request past its requestTimeout.
    requestHandler: { connectionTimeout: limits.timeoutMs, requestTimeout: limits.timeoutMs, throwOnRequestTimeout: true },
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.accessKeyId && options.secretAccessKey) config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  return config;
}

/** One client for these options, made (and the SDK loaded) on first use. */
export function lazyS3Client(options: S3Options, limits: StorageLimits = DEFAULT_STORAGE_LIMITS): () => Promise<{ client: S3Client; sdk: S3Sdk }> {
  let made: Promise<{ client: S3Client; sdk: S3Sdk }> | undefined;
  return () => {
    made ??= loadS3Sdk().then((loaded) => ({ client: new loaded.S3Client(s3ClientConfig(options, limits)), sdk: loaded }));
    return made;
  };
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** What went wrong, in a line fit for health and logs. */
export function describeS3Error(error: unknown): string {
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return [e.name && e.name !== 'Error' ? e.name : e.code, status ? `HTTP ${status}` : undefined, e.message].filter(Boolean).join(': ').slice(0, 300);
}

interface S3StorageOptions {
  connect: () => Promise<{ client: S3Client; sdk: S3Sdk }>;
  bucket: string;
  prefix: string;
  baseUrl: string;
  cacheControl?: string;
  limits?: StorageLimits;
}

/** A missing object answers null; any other failure is thrown on. */
const orNull = (error: unknown) => {
  if (isMissing(error)) return null;
  throw error;
};

export function createS3Storage(options: S3StorageOptions): Storage {
  const { connect, bucket } = options;
  const { timeoutMs } = options.limits ?? DEFAULT_STORAGE_LIMITS;
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const objectKey = (key: string) => `${prefix}/${assertKey(key)}`;
  const url = (key: string) => `${baseUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;

  /** One call to the bucket within its deadline (`ms`, or `outer` aborting first), its failures said as the store's. */
  const call = <T>(what: string, work: (sdk: { client: S3Client; sdk: S3Sdk }, signal: AbortSignal) => Promise<T>, ms = timeoutMs, outer?: AbortSignal) =>
    withDeadline(ms, `s3 ${what}`, async (signal) => work(await connect(), signal), outer)
      .catch((error: unknown) => { throw error instanceof InvalidStorageKeyError ? error : bucketFailure(error, bucket, ms, describeS3Error); });

  /** Small files in one request, large ones in parts; each 8 MiB part adds one timeout to the deadline. */
  const upload = (key: string, body: Buffer | Readable, contentType: string, bytes: number, outer?: AbortSignal) =>
    call(`put ${key}`, async ({ client, sdk: { Upload } }, signal) => {
      const abortController = new AbortController();
      signal.addEventListener('abort', () => abortController.abort(signal.reason), { once: true });
      await new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType, CacheControl: options.cacheControl },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
        abortController,
      }).done();
    }, timeoutMs * Math.max(1, Math.ceil(bytes / PART_SIZE)), outer);

  const get = (key: string, outer?: AbortSignal) => call(`get ${key}`, async ({ client, sdk: { GetObjectCommand } }, abortSignal) => {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal }).catch(orNull);
    // The body is read inside the deadline too: a bucket that stalls mid-file still fails in time.
    return answer ? Buffer.from(await answer.Body!.transformToByteArray()) : null;
  }, timeoutMs, outer);
  const put = async (key: string, body: Buffer, contentType: string, outer?: AbortSignal) => {
    await upload(key, body, contentType, body.length, outer);
    return { key, url: url(key), bytes: body.length };
  };
  const remove = (key: string, outer?: AbortSignal) => call(`delete ${key}`, async ({ client, sdk: { DeleteObjectCommand } }, abortSignal) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal });
  }, timeoutMs, outer);

  const storage: Storage = {
    kind: 's3',
    put: (key, body, contentType) => put(key, body, contentType),
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await upload(key, createReadStream(file, { highWaterMark: 1024 * 1024 }), contentType, size);
      return { key, url: url(key), bytes: size };
    },
    get: (key) => get(key),
    // The deadline covers the answer's headers; the body then streams for as long as the reader takes.
    stream: (key, range) => call(`stream ${key}`, async ({ client, sdk: { GetObjectCommand } }, abortSignal) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal }).catch(orNull);
      return answer ? { body: answer.Body as Readable, bytes: answer.ContentLength ?? 0, contentType: answer.ContentType } : null;
    }),
    async exists(key) {
      return (await storage.size(key)) !== null;
    },
    size: (key) => call(`head ${key}`, async ({ client, sdk: { HeadObjectCommand } }, abortSignal) => {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal }).catch(orNull);
      return answer ? answer.ContentLength ?? 0 : null;
    }),
    delete: (key) => remove(key),
    // Every key under this storage's prefix, a thousand per page; each page within its deadline.
    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await call('list', ({ client, sdk: { ListObjectsV2Command } }, abortSignal) =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }), { abortSignal }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(prefix.length + 1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.filter((key) => !key.startsWith('_health/')).sort();
    },
    url,
    keyFromUrl: (address) => keyUnder(baseUrl, address),
    /** The bucket answers, and an object written under this prefix reads back the same. */
    async probe(signal) {
      await call('head bucket', async ({ client, sdk: { HeadBucketCommand } }, abortSignal) => {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal });
      }, timeoutMs, signal);
      const key = `_health/${randomBytes(6).toString('hex')}.txt`;
      try {
        await put(key, Buffer.from('ok'), 'text/plain', signal);
        const back = await get(key, signal);
        if (back?.toString() !== 'ok') throw new StorageUnavailableError('شیء آزمایشی همان که نوشته شد خوانده نشد');
      } catch (error) {
        await remove(key).catch(() => undefined);
        throw error;
      }
      // Readers load media from MEDIA_BASE_URL (the CDN or the bucket's public address): the
      // object just written must be readable there too.
      try {
        if (/^https?:\/\//.test(baseUrl)) {
          const answer = await fetch(url(key), { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) });
          const text = answer.ok ? await answer.text() : '';
          if (!answer.ok) throw Object.assign(new Error(`HTTP ${answer.status}`), { status: answer.status });
          if (text !== 'ok') throw new Error(OTHER_CONTENT);
        }
      } catch (error) {
        const why = (error as Error).message === OTHER_CONTENT ? OTHER_CONTENT : publicUrlReason(error, timeoutMs);
        // The bucket works; readers are what cannot load it: said as such, not as the store down.
        throw new Error(`نشانی \u2068MEDIA_BASE_URL\u2069 (\u2068${baseUrl}\u2069) رسانه‌های سطل را نمی‌دهد (${why})`, { cause: error });
      } finally {
        await remove(key).catch(() => undefined);
      }
    },
  };
  return storage;
}
