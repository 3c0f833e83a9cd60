// Storage in an S3-compatible bucket (AWS S3, MinIO, Garage, R2...) through the official SDK.
// One bucket holds both storages under their own prefixes: media/ (what MEDIA_BASE_URL serves,
// usually a CDN in front of the bucket) and originals/ (never public). Files are uploaded with
// lib-storage's Upload: small ones in one request, large ones streamed in parts.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertKey, keyUnder, type Storage } from './types.ts';

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

/** The client's settings for these options (path-style addressing, credentials when given). */
export function s3ClientConfig(options: S3Options): S3ClientConfig {
  const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.accessKeyId && options.secretAccessKey) config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  return config;
}

/** One client for these options, made (and the SDK loaded) on first use. */
export function lazyS3Client(options: S3Options): () => Promise<{ client: S3Client; sdk: S3Sdk }> {
  let made: Promise<{ client: S3Client; sdk: S3Sdk }> | undefined;
  return () => {
    made ??= loadS3Sdk().then((loaded) => ({ client: new loaded.S3Client(s3ClientConfig(options)), sdk: loaded }));
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

export function createS3Storage(options: { connect: () => Promise<{ client: S3Client; sdk: S3Sdk }>; bucket: string; prefix: string; baseUrl: string; cacheControl?: string }): Storage {
  const { connect, bucket } = options;
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const objectKey = (key: string) => `${prefix}/${assertKey(key)}`;
  const url = (key: string) => `${baseUrl}/${assertKey(key).split('/').map(encodeURIComponent).join('/')}`;

  const upload = async (key: string, body: Buffer | Readable, contentType: string) => {
    const { client, sdk: { Upload } } = await connect();
    await new Upload({
      client,
      params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType, CacheControl: options.cacheControl },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    }).done();
  };

  const storage: Storage = {
    kind: 's3',
    async put(key, body, contentType) {
      await upload(key, body, contentType);
      return { key, url: url(key), bytes: body.length };
    },
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await upload(key, createReadStream(file, { highWaterMark: 1024 * 1024 }), contentType);
      return { key, url: url(key), bytes: size };
    },
    async get(key) {
      try {
        const { client, sdk: { GetObjectCommand } } = await connect();
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      try {
        const { client, sdk: { GetObjectCommand } } = await connect();
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return { body: answer.Body as Readable, bytes: answer.ContentLength ?? 0, contentType: answer.ContentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return (await storage.size(key)) !== null;
    },
    async size(key) {
      try {
        const { client, sdk: { HeadObjectCommand } } = await connect();
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { client, sdk: { DeleteObjectCommand } } = await connect();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    url,
    keyFromUrl: (address) => keyUnder(baseUrl, address),
    /** The bucket answers, and an object written under this prefix reads back the same. */
    async probe() {
      try {
        const { client, sdk: { HeadBucketCommand } } = await connect();
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new Error(`bucket ${bucket}: ${describeS3Error(error)}`);
      }
      const key = `_health/${randomBytes(6).toString('hex')}.txt`;
      try {
        await storage.put(key, Buffer.from('ok'), 'text/plain');
        const back = await storage.get(key);
        if (back?.toString() !== 'ok') throw new Error('read back a different object');
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw new Error(`bucket ${bucket}: ${describeS3Error(error)}`);
      }
      // Readers load media from MEDIA_BASE_URL (the CDN or the bucket's public address): the
      // object just written must be readable there too.
      try {
        if (/^https?:\/\//.test(baseUrl)) {
          const answer = await fetch(url(key), { signal: AbortSignal.timeout(5000) });
          const text = answer.ok ? await answer.text() : '';
          if (text !== 'ok') throw new Error(answer.ok ? 'answered with other content' : `HTTP ${answer.status}`);
        }
      } catch (error) {
        throw new Error(`MEDIA_BASE_URL ${baseUrl} does not serve the bucket's media: ${(error as Error).message}`);
      } finally {
        await storage.delete(key).catch(() => undefined);
      }
    },
  };
  return storage;
}
