import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categorySlugParam } from '@chapar/shared/contracts';
import { feedPaths } from '@chapar/shared/text';
import type { Db } from '@chapar/db';
import type { Storage } from '../../integrations/storage/index.ts';
import { podcastCover } from './podcast-cover.ts';
import { categoryPodcast, PODCAST_OWNER_MISSING_LOG, podcastCategory, podcastTitles, sitePodcast, type PodcastSite } from './podcast-feed.ts';
import { categoryFeed, newsSitemap, robotsTxt, siteFeed, sitemap } from './service.ts';

const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const cached = { readCache: true };
/** The covers change only with the site's name: a day in any cache. */
const COVER_CACHE = 'public, max-age=86400';

/** Feeds and indexing files at the site root, kept in the read cache like other public reads. */
export async function feedRoutes(app: FastifyInstance, { db, site, storage }: { db: Db; site: PodcastSite; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Said once at start-up; the health page says it to the admin.
  if (!site.ownerEmail) app.log.warn(PODCAST_OWNER_MISSING_LOG);

  r.get(feedPaths.site(), { config: cached }, async (_request, reply) => reply.type(RSS).send(await siteFeed(db, site)));

  r.get('/rss/:slug.xml', {
    config: cached,
    schema: { params: categorySlugParam },
  }, async (request, reply) => reply.type(RSS).send(await categoryFeed(db, site, request.params.slug)));

  r.get(feedPaths.podcast(), { config: cached }, async (_request, reply) => reply.type(RSS).send(await sitePodcast(db, storage, site)));

  r.get('/podcast/:slug.xml', {
    config: cached,
    schema: { params: categorySlugParam },
  }, async (request, reply) => reply.type(RSS).send(await categoryPodcast(db, storage, site, request.params.slug)));

  r.get(feedPaths.podcastCover(), async (_request, reply) => {
    const { coverTitle, coverSubtitle } = podcastTitles(site.siteName);
    return reply.type('image/jpeg').header('cache-control', COVER_CACHE).send(await podcastCover({ title: coverTitle, subtitle: coverSubtitle }));
  });

  r.get('/podcast-cover/:slug.jpg', { schema: { params: categorySlugParam } }, async (request, reply) => {
    const { coverTitle, coverSubtitle } = podcastTitles(site.siteName, podcastCategory(request.params.slug));
    return reply.type('image/jpeg').header('cache-control', COVER_CACHE).send(await podcastCover({ title: coverTitle, subtitle: coverSubtitle }));
  });

  r.get('/sitemap.xml', { config: cached }, async (_request, reply) => reply.type(XML).send(await sitemap(db, site)));

  r.get('/news-sitemap.xml', { config: cached }, async (_request, reply) => reply.type(XML).send(await newsSitemap(db, site)));

  r.get('/robots.txt', { config: cached }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(site)));
}
