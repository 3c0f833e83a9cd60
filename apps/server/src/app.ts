import compress from '@fastify/compress';
import { createServer } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@chapar/db';
import type { Config } from './config.ts';
import { loggerSettings } from './log.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrors, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard, registerPathGuard } from './plugins/input-guard.ts';
import { registerClientAddress, trustProxyOption } from './plugins/client-address.ts';
import { registerImageVariants } from './plugins/image-variants.ts';
import { registerMedia } from './plugins/media.ts';
import { registerShareImages } from './plugins/share-image.ts';
import { createStorages } from './integrations/storage/index.ts';
import { HotCache } from './plugins/hot-cache.ts';
import { watchBodyPace } from './plugins/body-deadline.ts';
import { registerReadCache } from './plugins/read-cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { articleRoutes } from './modules/articles/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
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
import type { PageRenderer } from './plugins/render-pool.ts';
import type { MtprotoGatewayFactory } from './integrations/telegram/mtproto/index.ts';
import { registerIngestServices } from './jobs/plugin.ts';
import { adminActions } from './modules/ingest/admin-actions.ts';
import { ingestAdminRoutes } from './modules/ingest/admin-routes.ts';
import { operationsRoutes } from './modules/operations/operations-routes.ts';
import { monitorRoutes } from './modules/monitor/routes.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { blocklistRoutes } from './modules/blocklist/routes.ts';
import { ignoredRoutes } from './modules/ignored/routes.ts';
import { articleAdminRoutes } from './modules/articles/admin-routes.ts';
import { podcastAdminRoutes } from './modules/podcasts/admin-routes.ts';
import { systemAdminRoutes } from './modules/system/admin-routes.ts';
import { duplicateRoutes } from './modules/duplicates/routes.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { accountRoutes } from './modules/accounts/account-routes.ts';
import { mailInvitations, type InvitationMailer } from './modules/accounts/invitation-mail.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { registerAuditTrail } from './modules/audit/record.ts';
import type { Permission } from '@chapar/shared/contracts';
import { VERSION } from './version.ts';
import { parseArticleId } from '@chapar/shared/text';
import { announceContentChanged, followContentChanges } from './plugins/content-events.ts';
import { registerMetrics } from './metrics/endpoint.ts';
import { countHotCacheHit } from './metrics/registry.ts';

/** Answers the compressor may encode: text, JSON, XML, JavaScript, SVG. */
const TEXT_TYPES = /^(text\/|application\/(json|[a-z+.-]*\+xml|xml|javascript|manifest\+json)|image\/svg\+xml)/;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: ReadonlyArray<RouteRecord>;
    /**
     * Call after any write that changes what readers see. Naming the articles changed drops
     * only their own pages and reads; every other cached page and read is served as it was
     * while one reader's request refreshes it. Without names, everything cached is dropped.
     */
    contentChanged(change?: ContentChange): void;
  }
}

/** What a content change touched, when the writer knows. */
export interface ContentChange {
  articleIds: number[];
}

/** Whether a cached address belongs to one of the articles (its page, short link or API reads). */
export function namesArticle(ids: ReadonlySet<number>): (url: string) => boolean {
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0];
    const api = /^\/api\/articles\/(\d+)(?:\/|$)/.exec(pathname);
    if (api) return ids.has(Number(api[1]));
    if (!/^\/(?:article|s)\//i.test(pathname)) return false;
    const id = parseArticleId(pathname);
    return id !== null && ids.has(id);
  };
}

/** A registered route as the guards see it: method, pattern and the config flags they read. */
export interface RouteRecord {
  method: string;
  url: string;
  /** `config.public`: an /api/admin route that answers without a session. */
  public: boolean;
  /** `config.admin`: an admin-only route outside /api/admin. */
  admin: boolean;
  /** `config.permission`: what a role needs to use the route (undefined: only the owner). */
  permission: Permission | undefined;
  /** The route validates a body (`schema.body`); one without reads none. */
  body: boolean;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Leave out server-side rendering (API-only tests and benchmarks). */
  ssr?: boolean;
  /** The Telegram sign-in's gateway; browser tests pass an in-memory fake (default: GramJS when configured). */
  telegramGateway?: MtprotoGatewayFactory | null;
  /** Render threads already started (startRenderThreads); otherwise the app starts its own. */
  renderer?: PageRenderer;
  /** Start the job worker this long after listening, not when ready (registerIngestServices). */
  workerStartDelayMs?: number;
  /** Sends invitations by e-mail; without one an invitation is a link the owner passes on. */
  invitationMailer?: InvitationMailer | null;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** zod's compilers for every route (Fastify's types name only its JSON-schema compilers). */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory;

/** A request line and headers that take longer (Node's default: a minute) get a Persian 408, checked every 5 s. */
const HEADERS_TIMEOUT_MS = 20_000;

/** Builds the whole app: plugins, modules, error handler. Never listens. */
export async function buildApp({ config, database, ssr = true, telegramGateway, renderer, workerStartDelayMs, invitationMailer = null }: BuildAppOptions): Promise<FastifyInstance> {
  const hotCache = new HotCache();
  const app = Fastify({
    // Cached public answers are written before routing: the hot path never enters the app.
    serverFactory: (handler) => createServer({ headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 5_000 }, (req, res) => {
      watchBodyPace(req, res, config.bodyPace);
      if (!hotCache.serve(req, res)) handler(req, res);
      else countHotCacheHit(req.method ?? 'GET', res.statusCode);
    }),
    logger: config.logLevel === 'silent' ? false : (({ options, stream }) => ({ ...options, stream }))(loggerSettings(config)),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Every schema is zod's. Named here rather than set afterwards, so Fastify does not load its
    // default compilers (ajv and fast-json-stringify: 0.18 s of every start) to replace them.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // Every route as registered, so tests can prove that guards cover all of them.
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const flags = { public: route.config?.public === true, admin: route.config?.admin === true, permission: route.config?.permission, body: Boolean(route.schema?.body) };
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, ...flags });
  });
  registerErrorHandler(app);
  registerMetrics(app, { token: config.metricsToken });
  registerInputGuard(app);
  registerClientAddress(app, { ipv6Prefix: config.rateLimitIpv6Prefix });

  await registerSecurityHeaders(app);
  // Before the read cache and the admin guard: an address with an empty segment goes nowhere else.
  registerPathGuard(app);
  registerReadCache(app, hotCache, config.readCacheTtlMs);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  // The compressor names Accept-Encoding in Vary only when it compresses; a text answer it left
  // whole was chosen by that header too (RFC 9110 §12.5.5), and a shared cache must know it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (TEXT_TYPES.test(String(reply.getHeader('content-type') ?? '')) && !String(reply.getHeader('vary') ?? '').includes('accept-encoding')) {
      reply.header('vary', reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, accept-encoding` : 'accept-encoding');
    }
    return payload;
  });
  const dropCaches = () => {
    app.readCache.invalidate();
    if (app.hasDecorator('pageCache')) (app as unknown as { pageCache: { clear(): void } }).pageCache.clear();
    if (app.hasDecorator('pageData')) (app as unknown as { pageData: { clear(): void } }).pageData.clear();
  };
  const markChanged = (change: ContentChange) => {
    const drop = namesArticle(new Set(change.articleIds));
    hotCache.changed(drop);
    if (app.hasDecorator('pageCache')) (app as unknown as { pageCache: { markChanged(d: typeof drop): void } }).pageCache.markChanged(drop);
    if (app.hasDecorator('pageData')) (app as unknown as { pageData: { markStale(): void } }).pageData.markStale();
  };
  app.decorate('contentChanged', (change?: ContentChange) => {
    if (change?.articleIds.length) markChanged(change);
    else dropCaches();
    announceContentChanged(database, undefined, change).catch((error: Error) => app.log.warn(`content change not announced to other processes: ${error.message}`));
  });
  // Changes made by a worker process or another web process drop this one's caches too.
  const stopFollowing = await followContentChanges(database, (change) => (change ? markChanged(change) : dropCaches()));
  app.addHook('onClose', async () => { await stopFollowing(); });
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  await registerAuth(app, { db: database.db, policy });
  registerAuditTrail(app, database.db);
  const mediaStorage = createStorages({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl, s3: config.s3, limits: config.storage }).media;
  await registerMedia(app, { dataDir: config.dataDir, storage: mediaStorage, mediaBaseUrl: config.mediaBaseUrl });
  await registerImageVariants(app, { dataDir: config.dataDir, storage: mediaStorage });
  await registerShareImages(app, { storage: mediaStorage });

  const { db } = database;
  await app.register(systemRoutes, { database, version: VERSION });
  await app.register(categoryRoutes, { db });
  await app.register(articleRoutes, { db, policy });
  await app.register(searchRoutes, { db });
  await app.register(trendingRoutes, { database });
  await app.register(authRoutes, { db, policy, secureCookies: config.publicBaseUrl.startsWith('https://'), secret: config.sessionSecret, dataDir: config.dataDir, trashRetentionDays: config.trashRetentionDays });
  await app.register(accountRoutes, { db, secret: config.sessionSecret, siteName: config.siteName });
  await app.register(auditRoutes, { db });
  // Feature modules register here, one line each.
  await app.register(commentRoutes, { db, secret: config.sessionSecret, retentionDays: config.trashRetentionDays });
  await app.register(ratingRoutes, { db, secret: config.sessionSecret });
  await app.register(bookmarkRoutes, { db });
  await app.register(analyticsRoutes, { db, secret: config.sessionSecret });
  await app.register(feedRoutes, { db, storage: mediaStorage, site: { baseUrl: config.publicBaseUrl, siteName: config.siteName, ownerEmail: config.podcastOwnerEmail } });
  await app.register(telegramAuthRoutes, { db, config, ...(telegramGateway !== undefined ? { createGateway: telegramGateway } : {}) });
  const services = await registerIngestServices(app, { config, database, workerStartDelayMs });
  // Invitations go by e-mail when the site has a mail service; otherwise the owner passes the link on.
  const invitations = invitationMailer ?? (services.mailer ? mailInvitations(services.mailer, { siteName: config.siteName, siteUrl: `${config.publicBaseUrl}/` }) : null);
  await app.register(accountsRoutes, {
    db, publicBaseUrl: config.publicBaseUrl, invitationTtlMs: config.invitationTtlMs, mailer: invitations, log: app.log, auditRetentionDays: config.auditRetentionDays,
  });
  await app.register(ingestAdminRoutes, { services });
  await app.register(newsletterRoutes, { services });
  await app.register(pushRoutes, { services });
  await app.register(operationsRoutes, { services, actions: adminActions(config.channels) });
  await app.register(monitorRoutes, { services });
  await app.register(channelRoutes, { services });
  await app.register(blocklistRoutes, { services });
  await app.register(ignoredRoutes, { services });
  await app.register(articleAdminRoutes, { services });
  await app.register(podcastAdminRoutes, { services });
  await app.register(systemAdminRoutes, { services });
  await app.register(duplicateRoutes, { services });

  if (ssr) {
    const { registerSsr } = await import('./plugins/ssr-registration.ts');
    await registerSsr(app, config, { db, renderer });
  }
  return app;
}
