import path from 'node:path';
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Locally stored media (the default Storage) served under /media with long-lived caching. */
export async function registerMedia(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  if (dataDir.startsWith('memory://')) return;
  const root = path.join(dataDir, 'media');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
    immutable: true,
  });
}
