import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParam, rateArticleBody, rateArticleResponse, ratingQuery, ratingResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { hashIp, requireSessionId, sessionIdOf } from '../analytics/visitor.ts';
import { getRating, rateArticle } from './service.ts';

export async function ratingRoutes(app: FastifyInstance, { db, secret }: { db: Db; secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  // Not read-cached: the answer depends on the visitor (userRating).
  r.get('/api/articles/:id/rating', {
    schema: { params: idParam, querystring: ratingQuery, response: { 200: ratingResponse, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return getRating(db, request.params.id, sessionIdOf(request, request.query.sessionId));
  });

  r.post('/api/articles/:id/rating', {
    schema: { params: idParam, body: rateArticleBody, response: { 200: rateArticleResponse, ...errors } },
  }, async (request) => rateArticle(db, {
    articleId: request.params.id,
    sessionId: requireSessionId(request, request.body.sessionId),
    rating: request.body.rating,
    clientHash: hashIp(request.clientKey, secret),
  }));
}
