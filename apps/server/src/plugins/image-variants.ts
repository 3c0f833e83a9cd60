import type { FastifyInstance } from 'fastify';
import { IMAGE_WIDTHS, toPersianDigits as fa } from '@chapar/shared/text';
import { AppError } from '../errors.ts';
import type { Storage } from '../integrations/storage/index.ts';
import { allowedWidth, ensureVariant, isMadeVariantKey, variantKey } from '../modules/media/variants.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SOURCE_EXT = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * `/img/w{width}/{key}`: the older address of a variant, kept for pages and caches that still
 * hold it. The variant is the stored file beside the image (modules/media/variants.ts), read
 * from the storage (local disk or S3) and made there first if it is missing.
 */
export async function registerImageVariants(app: FastifyInstance, { dataDir, storage }: { dataDir: string; storage: Storage }): Promise<void> {
  if (dataDir.startsWith('memory://') && storage.kind === 'memory') return;
  const inFlight = new Map<string, Promise<Buffer | null>>();

  app.get<{ Params: { width: string; '*': string } }>('/img/w:width/*', async (request, reply) => {
    const width = allowedWidth(request.params.width);
    if (width === null) throw new AppError('bad_request', `عرض تصویر باید یکی از ${IMAGE_WIDTHS.map((w) => fa(w)).join('، ')} باشد`);
    const relative = request.params['*'];
    if (!SOURCE_EXT.test(relative)) throw new AppError('not_found', 'تصویر یافت نشد');
    let key: string | null;
    try {
      key = variantKey(relative, width);
      if (key && !isMadeVariantKey(key)) key = null;
      if (key) storage.url(key);
    } catch {
      key = null;
    }
    if (!key) throw new AppError('not_found', 'تصویر یافت نشد');
    let job = inFlight.get(key);
    if (!job) {
      job = ensureVariant(storage, key).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    const body = await job.catch(() => null);
    if (!body) throw new AppError('not_found', 'تصویر یافت نشد');
    return reply.header('cache-control', IMMUTABLE).type('image/webp').send(body);
  });
}
