import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Files other sites may embed: media (images, videos, the podcasts' MP3s), image variants, the
 * feeds, the podcast covers, the share image and the logo. A web feed reader or podcast player on
 * another origin loads them without CORS, which `same-site` refuses. Pages and the API keep it.
 */
export const CROSS_ORIGIN_PATH = /^\/(?:media\/|img\/|podcast(?:\.xml|\/|-cover)|rss(?:\.xml|\/)|og-image\.png|logo\.png)/;

/**
 * Security headers. Scripts come only from our origin: the SSR page carries its data in
 * non-executing JSON script tags, so no inline script needs to run.
 *
 * The headers are worked out once, here: the Fastify wrapper built Helmet's middleware again
 * for every request (its options parsed, the policy written out), about 2 % of the server's
 * thread on uncached pages (CPU profile under wrk).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (CROSS_ORIGIN_PATH.test(request.url)) reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      done(error instanceof Error ? error : undefined);
    });
  });
}
