import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { Storage } from '../integrations/storage/index.ts';
import { sharp } from '../lazy-packages.ts';
import { isVariantKey } from '../modules/media/variants.ts';
import { SHARE_IMAGE, sharePathPrefix } from '@chapar/shared/text';

const SOURCE_EXT = /\.(jpe?g|png|webp|gif|avif)$/i;
const KEEP = 32;

/**
 * `/img/share/{key}`: a stored image cut to the share size (1200 × 630, spec 01 §1), so an
 * article's og:image can state its real width and height whatever the photo's shape. Made on
 * first request and kept by CDNs and browsers for a day; a few are kept here for repeats.
 */
export async function registerShareImages(app: FastifyInstance, { storage }: { storage: Storage }): Promise<void> {
  const made = new Map<string, Promise<Buffer | null>>();
  const make = async (key: string) => {
    const input = await storage.get(key);
    if (!input) return null;
    return sharp(input, { animated: false, limitInputPixels: 60_000_000 }).rotate()
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  };

  app.get<{ Params: { '*': string } }>(`${sharePathPrefix}*`, async (request, reply) => {
    const key = request.params['*'];
    // Only an original: a variant is a smaller copy of one, and each share image costs a resize.
    let known = SOURCE_EXT.test(key) && !isVariantKey(key);
    try {
      if (known) storage.url(key);
    } catch {
      known = false;
    }
    if (!known) throw new AppError('not_found', 'تصویر یافت نشد');
    let job = made.get(key);
    if (!job) {
      job = make(key).catch(() => null);
      made.set(key, job);
      if (made.size > KEEP) made.delete(made.keys().next().value as string);
    }
    const body = await job;
    if (!body) {
      made.delete(key);
      throw new AppError('not_found', 'تصویر یافت نشد');
    }
    return reply.header('cache-control', 'public, max-age=86400').type('image/jpeg').send(body);
  });
}
