import path from 'node:path';
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StorageUnavailableError, type Storage } from '../integrations/storage/index.ts';
import type { ByteRange } from '../integrations/storage/types.ts';
import { ensureVariant, isMadeVariantKey, isVariantKey } from '../modules/media/variants.ts';

/**
 * Locally stored media (the default Storage) served under /media with long-lived caching.
 * An image variant not made yet (an image stored before variants were kept, or one whose job
 * has not run) is made from its image on the first request, then served like any file.
 * A Range header is resolved by resolveByteRange, as for a bucket.
 */
export async function registerMedia(app: FastifyInstance, { dataDir, storage, mediaBaseUrl }: { dataDir: string; storage: Storage; mediaBaseUrl: string }): Promise<void> {
  if (storage.kind === 's3' && mediaBaseUrl.replace(/\/+$/, '') === '/media') return proxyBucket(app, storage);
  if (dataDir.startsWith('memory://') || storage.kind !== 'local') return;
  const root = path.join(dataDir, 'media');
  mkdirSync(root, { recursive: true });
  const inFlight = new Map<string, Promise<unknown>>();
  const makeMissing = async (key: string) => {
    try {
      if (await storage.exists(key)) return;
    } catch {
      return;
    }
    let job = inFlight.get(key);
    if (!job) {
      job = ensureVariant(storage, key).catch(() => null).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    await job;
  };
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.url !== '/media/*') return;
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!servable(key)) return;
    if (isMadeVariantKey(key)) await makeMissing(key);
    const header = request.headers.range;
    if (header === undefined) return;
    let total: number | null;
    try {
      total = await storage.size(key);
    } catch {
      return;
    }
    // Missing or a folder: the static handler answers 404.
    if (total === null) return;
    // The file server parses ranges its own way (416 for a malformed one): it gets only what this resolved.
    const range = resolveByteRange(header, total);
    // With If-Range the range may not apply (RFC 9110 13.1.5); the whole file is always a right answer.
    if (range === 'unsatisfiable' && request.headers['if-range'] === undefined) return rangeNotSatisfiable(reply, total);
    if (range && range !== 'unsatisfiable') request.raw.headers.range = `bytes=${range.start}-${range.end}`;
    else delete request.raw.headers.range;
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
    immutable: true,
    allowedPath: (pathname) => servable(pathname.slice(1)),
  });
}

/** A folder, or a variant name the app never makes, is served as a missing file. */
function servable(key: string): boolean {
  return key !== '' && !key.endsWith('/') && (!isVariantKey(key) || isMadeVariantKey(key));
}

/** 416 for a range past the end of the file, with its size so the client can ask again. */
function rangeNotSatisfiable(reply: FastifyReply, total: number): FastifyReply {
  return reply.code(416).header('accept-ranges', 'bytes').header('content-range', `bytes */${total}`)
    .send({ error: 'range_not_satisfiable', message: 'بازه درخواستی در این فایل نیست' });
}

/** The answer while the bucket is failing: try again soon, and let no cache keep it. */
export const MEDIA_UNAVAILABLE = { error: 'unavailable', message: 'فایل‌های رسانه موقتاً در دسترس نیستند؛ کمی بعد دوباره تلاش کنید' } as const;

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif',
  mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4', pdf: 'application/pdf',
};

/**
 * One range of a `Range: bytes=…` header resolved against the object's size: the inclusive
 * offsets to send, 'unsatisfiable' (answer 416), or null to send the whole object (no header,
 * another unit, several ranges or a malformed value, which a server may ignore).
 */
export function resolveByteRange(header: string | undefined, total: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || total === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= total) return 'unsatisfiable';
  return { start, end: match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1) };
}

/**
 * Media in a bucket with MEDIA_BASE_URL left at /media (no CDN or public bucket address in
 * front): the app streams each file from the bucket itself, making a missing variant first.
 * Byte ranges are honoured (a video seeks without loading from its start); put a CDN or the
 * bucket's address in MEDIA_BASE_URL for anything busy.
 */
function proxyBucket(app: FastifyInstance, storage: Storage): void {
  const notFound = { error: 'not_found', message: 'فایل یافت نشد' };
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    try {
      storage.url(key);
    } catch {
      return reply.code(404).send(notFound);
    }
    // A variant name the app never makes (a variant's variant, another width) is not made or served.
    if (isVariantKey(key) && !isMadeVariantKey(key)) return reply.code(404).send(notFound);
    // Only an answer with the file (or its size) is cached: a missing variant may exist soon.
    const withFileHeaders = () => reply.header('cache-control', 'public, max-age=2592000').header('accept-ranges', 'bytes');
    const typeOf = (found: { contentType?: string }) => found.contentType ?? TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
    // A variant that cannot be made from its image (not an image, not there) is missing; a store
    // that fails while making it is not.
    const madeVariant = () => ensureVariant(storage, key).then(Boolean, (error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error;
      return false;
    });

    try {
      // The whole object (every image, the first request of a player): one GET to the bucket,
      // whose answer carries the size. A variant not made yet is made, then read once more.
      if (!request.headers.range) {
        let found = await storage.stream(key);
        if (!found && isMadeVariantKey(key) && (await madeVariant())) found = await storage.stream(key);
        if (!found) return reply.code(404).send(notFound);
        return withFileHeaders().type(typeOf(found)).header('content-length', found.bytes).send(found.body);
      }

      // A byte range (a player seeking): the size first, to resolve the range against it.
      let total = await storage.size(key);
      if (total === null && isMadeVariantKey(key) && (await madeVariant())) total = await storage.size(key);
      if (total === null) return reply.code(404).send(notFound);
      const range = resolveByteRange(request.headers.range, total);
      if (range === 'unsatisfiable') {
        return rangeNotSatisfiable(withFileHeaders(), total);
      }
      const found = await storage.stream(key, range ?? undefined);
      if (!found) return reply.code(404).send(notFound);
      withFileHeaders().type(typeOf(found));
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${total}`);
      return reply.header('content-length', found.bytes).send(found.body);
    } catch (error) {
      // The bucket failed or did not answer in time: the file is not known to be gone, so never a 404.
      if (!(error instanceof StorageUnavailableError)) throw error;
      request.log.warn(`media ${key}: ${error.message}`);
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '30').send(MEDIA_UNAVAILABLE);
    }
  });
}
