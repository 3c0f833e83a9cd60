import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { ssrPlugin, type SsrPluginOptions } from './ssr.ts';

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Public pages rendered on the server from the built web app (`npm run build`). */
export async function registerSsr(app: FastifyInstance, config: Config, opts: Pick<SsrPluginOptions, 'db'> = {}): Promise<void> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'server'))) {
    throw new Error(`The web app is not built (${WEB_DIST_DIR} is missing): run \`npm run build\` first.`);
  }
  await app.register(ssrPlugin, {
    webDistDir: WEB_DIST_DIR,
    publicBaseUrl: config.publicBaseUrl,
    pageCacheTtlMs: config.pageCacheTtlMs,
    db: opts.db,
    derivedDataTtlMs: config.derivedDataTtlMs,
    renderThreads: config.renderThreads,
  });
}
