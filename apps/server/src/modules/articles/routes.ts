import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { article, articleList, errorResponse, idParam, limitQuery, listArticlesQuery, MAX_PUBLIC_LIMIT } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { loadAdminSession } from '../../plugins/auth.ts';
import type { SessionPolicy } from '../auth/service.ts';
import { featuredArticles, getArticle, listArticles, popularArticles, relatedArticles } from './service.ts';

const cached = { readCache: true };

export async function articleRoutes(app: FastifyInstance, { db, policy }: { db: Db; policy: SessionPolicy }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  r.get('/api/articles', {
    config: cached,
    schema: { querystring: listArticlesQuery, response: { 200: articleList, ...errors } },
  }, async (request, reply) => {
    if (request.query.limit <= MAX_PUBLIC_LIMIT) return listArticles(db, request.query);
    // Large pages (up to 1000, spec 03 §7) are for an admin session; anonymous readers get
    // what the public pages need. Either answer depends on the session: never cached.
    reply.header('cache-control', 'private, no-store');
    const session = await loadAdminSession(db, request, policy);
    return listArticles(db, session ? request.query : { ...request.query, limit: MAX_PUBLIC_LIMIT });
  });

  r.get('/api/articles/featured', {
    config: cached,
    schema: { querystring: limitQuery(5, 20), response: { 200: articleList, ...errors } },
  }, async (request) => featuredArticles(db, request.query.limit));

  r.get('/api/articles/popular', {
    config: cached,
    schema: { querystring: limitQuery(5, 20), response: { 200: articleList, ...errors } },
  }, async (request) => popularArticles(db, request.query.limit));

  r.get('/api/articles/:id', {
    config: cached,
    schema: { params: idParam, response: { 200: article, ...errors } },
  }, async (request) => getArticle(db, request.params.id));

  r.get('/api/articles/:id/related', {
    config: cached,
    schema: { params: idParam, response: { 200: articleList, ...errors } },
  }, async (request) => relatedArticles(db, request.params.id));
}
