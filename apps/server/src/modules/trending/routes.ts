import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, trendingQuery, trendingTopic } from '@chapar/shared/contracts';
import type { Database } from '@chapar/db';
import { trendingTopics } from './service.ts';

export async function trendingRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/analytics/trending-topics', {
    config: { readCache: true },
    schema: { querystring: trendingQuery, response: { 200: z.array(trendingTopic), '4xx': errorResponse } },
  }, async (request) => trendingTopics(database, request.query.limit));
}
