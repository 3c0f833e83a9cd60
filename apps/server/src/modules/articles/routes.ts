import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { article, articleList, errorResponse, idParam, limitQuery, listArticlesQuery } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { featuredArticles, getArticle, listArticles, popularArticles, relatedArticles } from './service.ts';

const cached = { readCache: true };

export async function articleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  r.get('/api/articles', {
    config: cached,
    schema: { querystring: listArticlesQuery, response: { 200: articleList, ...errors } },
  }, async (request) => listArticles(db, request.query));

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
