import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleList, categoryArticlesQuery, categoryList, categorySlugParam, errorResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { categoryArticles, listCategories } from './service.ts';

export async function categoryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/categories', {
    config: { readCache: true },
    schema: { response: { 200: categoryList } },
  }, async () => listCategories(db));

  r.get('/api/categories/:slug/articles', {
    config: { readCache: true },
    schema: {
      params: categorySlugParam,
      querystring: categoryArticlesQuery,
      response: { 200: articleList, '4xx': errorResponse },
    },
  }, async (request) => categoryArticles(db, request.params.slug, request.query.limit, request.query.page));
}
