import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, searchQuery, searchResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { searchArticles } from './service.ts';

export async function searchRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/search/advanced', {
    config: { readCache: true },
    schema: { querystring: searchQuery, response: { 200: searchResponse, '4xx': errorResponse } },
  }, async (request) => searchArticles(db, request.query));
}
