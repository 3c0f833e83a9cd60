import compress from '@fastify/compress';
import { createServer } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@chapar/db';
import type { Config } from './config.ts';
import { loggerSettings } from './log.ts';
import { registerAuth } from './plugins/auth.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerImageVariants } from './plugins/image-variants.ts';
import { registerMedia } from './plugins/media.ts';
import { HotCache } from './plugins/hot-cache.ts';
import { registerReadCache } from './plugins/read-cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { articleRoutes } from './modules/articles/routes.ts';
import { resolveRedirect } from './modules/articles/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { trendingRoutes } from './modules/trending/routes.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { bookmarkRoutes } from './modules/bookmarks/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { feedRoutes } from './modules/feeds/routes.ts';
import { telegramAuthRoutes } from './modules/telegram-auth/routes.ts';
import { registerIngestServices } from './jobs/plugin.ts';
import { ingestAdminRoutes } from './modules/ingest/admin-routes.ts';
import { operationsRoutes } from './modules/ingest/operations-routes.ts';
import { monitorRoutes } from './modules/monitor/routes.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { blocklistRoutes } from './modules/blocklist/routes.ts';
import { ignoredRoutes } from './modules/ignored/routes.ts';
import { articleAdminRoutes } from './modules/articles/admin-routes.ts';
import { systemAdminRoutes } from './modules/system/admin-routes.ts';
import { VERSION } from './version.ts';
import { announceContentChanged, followContentChanges } from './plugins/content-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: ReadonlyArray<RouteRecord>;
    /** Call after any write that changes what readers see: drops cached reads and pages. */
    contentChanged(): void;
  }
}

/** A registered route as the guards see it: method, pattern and the config flags they read. */
export interface RouteRecord {
  method: string;
  url: string;
  /** `config.public`: an /api/admin route that answers without a session. */
  public: boolean;
  /** `config.admin`: an admin-only route outside /api/admin. */
  admin: boolean;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Leave out server-side rendering (API-only tests and benchmarks). */
  ssr?: boolean;
}

/** Builds the whole app: plugins, modules, error handler. Never listens. */
export async function buildApp({ config, database, ssr = true }: BuildAppOptions): Promise<FastifyInstance> {
  const hotCache = new HotCache();
  const app = Fastify({
    // Cached public answers are written before routing: the hot path never enters the app.
    serverFactory: (handler) => createServer((req, res) => {
      if (!hotCache.serve(req, res)) handler(req, res);
    }),
    logger: config.logLevel === 'silent' ? false : (({ options, stream }) => ({ ...options, stream }))(loggerSettings(config)),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
  });
  // Every route as registered, so tests can prove that guards cover all of them.
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const flags = { public: route.config?.public === true, admin: route.config?.admin === true };
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, ...flags });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  await registerSecurityHeaders(app);
  registerReadCache(app, hotCache, config.readCacheTtlMs);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  const dropCaches = () => {
    app.readCache.invalidate();
    if (app.hasDecorator('pageCache')) (app as unknown as { pageCache: { clear(): void } }).pageCache.clear();
  };
  app.decorate('contentChanged', () => {
    dropCaches();
    announceContentChanged(database).catch((error: Error) => app.log.warn(`content change not announced to other processes: ${error.message}`));
  });
  // Changes made by a worker process or another web process drop this one's caches too.
  const stopFollowing = await followContentChanges(database, dropCaches);
  app.addHook('onClose', async () => { await stopFollowing(); });
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  await registerAuth(app, { db: database.db, policy });
  await registerMedia(app, { dataDir: config.dataDir });
  await registerImageVariants(app, { dataDir: config.dataDir });

  const { db } = database;
  await app.register(systemRoutes, { database, version: VERSION });
  await app.register(categoryRoutes, { db });
  await app.register(articleRoutes, { db, policy });
  await app.register(searchRoutes, { db });
  await app.register(trendingRoutes, { database });
  await app.register(newsletterRoutes, { db });
  await app.register(authRoutes, { db, policy, secureCookies: config.publicBaseUrl.startsWith('https://') });
  // Feature modules register here, one line each.
  await app.register(commentRoutes, { db, secret: config.sessionSecret });
  await app.register(ratingRoutes, { db });
  await app.register(bookmarkRoutes, { db });
  await app.register(analyticsRoutes, { db, secret: config.sessionSecret });
  await app.register(feedRoutes, { db, site: { baseUrl: config.publicBaseUrl, siteName: config.siteName } });
  await app.register(telegramAuthRoutes, { db, config });
  const services = await registerIngestServices(app, { config, database });
  await app.register(ingestAdminRoutes, { services });
  await app.register(operationsRoutes, { services });
  await app.register(monitorRoutes, { services });
  await app.register(channelRoutes, { services });
  await app.register(blocklistRoutes, { services });
  await app.register(ignoredRoutes, { services });
  await app.register(articleAdminRoutes, { services });
  await app.register(systemAdminRoutes, { services });

  if (ssr) {
    const { registerSsr } = await import('./plugins/ssr-registration.ts');
    await registerSsr(app, config, { articleRedirect: (id) => resolveRedirect(db, id) });
  }
  return app;
}
