import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categorySlugParam } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { categoryFeed, newsSitemap, robotsTxt, siteFeed, sitemap, type FeedSite } from './service.ts';

const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const cached = { readCache: true };

/** Feeds and indexing files at the site root, kept in the read cache like other public reads. */
export async function feedRoutes(app: FastifyInstance, { db, site }: { db: Db; site: FeedSite }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/rss.xml', { config: cached }, async (_request, reply) => reply.type(RSS).send(await siteFeed(db, site)));

  r.get('/rss/:slug.xml', {
    config: cached,
    schema: { params: categorySlugParam },
  }, async (request, reply) => reply.type(RSS).send(await categoryFeed(db, site, request.params.slug)));

  r.get('/sitemap.xml', { config: cached }, async (_request, reply) => reply.type(XML).send(await sitemap(db, site)));

  r.get('/news-sitemap.xml', { config: cached }, async (_request, reply) => reply.type(XML).send(await newsSitemap(db, site)));

  r.get('/robots.txt', { config: cached }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(site)));
}
