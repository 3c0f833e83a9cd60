import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '@chapar/shared/text';
import { AppError } from '../errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SOURCE_EXT = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * `/img/w{width}/{path}`: a WebP of the local image `/media/{path}` at that width, made once
 * with sharp and kept under DATA_DIR/media-variants. Phones on slow networks get a 30 KB
 * picture where the original is 150 KB.
 */
export async function registerImageVariants(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  if (dataDir.startsWith('memory://')) return;
  const mediaRoot = path.join(dataDir, 'media');
  const variantRoot = path.join(dataDir, 'media-variants');
  const inFlight = new Map<string, Promise<Buffer>>();

  const make = async (source: string, target: string, width: number): Promise<Buffer> => {
    const input = await readFile(source).catch(() => { throw new AppError('not_found', 'تصویر یافت نشد'); });
    const output = await sharp(input, { animated: false }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, output);
    await rename(temp, target);
    return output;
  };

  app.get<{ Params: { width: string; '*': string } }>('/img/w:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    if (!IMAGE_WIDTHS.includes(width as ImageWidth)) throw new AppError('bad_request', `عرض تصویر باید یکی از ${IMAGE_WIDTHS.join('، ')} باشد`);
    const relative = path.posix.normalize(request.params['*']);
    if (relative.startsWith('..') || path.isAbsolute(relative) || !SOURCE_EXT.test(relative)) throw new AppError('not_found', 'تصویر یافت نشد');
    const source = path.join(mediaRoot, relative);
    const target = path.join(variantRoot, `w${width}`, `${relative}.webp`);
    let body: Buffer;
    const existing = await stat(target).catch(() => null);
    if (existing) {
      body = await readFile(target);
    } else {
      let job = inFlight.get(target);
      if (!job) {
        job = make(source, target, width).finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      body = await job;
    }
    return reply.header('cache-control', IMMUTABLE).type('image/webp').send(body);
  });
}
