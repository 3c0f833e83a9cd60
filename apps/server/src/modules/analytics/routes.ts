import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsDashboard as dashboardSchema, dashboardQuery, errorResponse, trackEventBody, trackEventResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { analyticsDashboard, trackEvent } from './service.ts';
import { visitorOf } from './visitor.ts';

export async function analyticsRoutes(app: FastifyInstance, { db, secret }: { db: Db; secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };

  r.post('/api/analytics/track', {
    schema: { body: trackEventBody, response: { 202: trackEventResponse, ...errors } },
  }, async (request, reply) => {
    const { articleId, event, value, sessionId } = request.body;
    const visitor = visitorOf(request, secret, sessionId);
    const result = await trackEvent(db, {
      articleId, event, value,
      visitorKey: visitor.key,
      clientHash: visitor.ipHash,
      userAgent: request.headers['user-agent'] ?? request.body.userAgent,
    });
    return reply.code(202).send(result);
  });

  // Admin-only outside /api/admin (the path is the spec's): the admin guard checks the session
  // before validation, so strangers learn nothing from the answer.
  r.get('/api/analytics/dashboard', {
    config: { admin: true, permission: 'view' },
    schema: { querystring: dashboardQuery, response: { 200: dashboardSchema, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return analyticsDashboard(db, { articleId: request.query.articleId });
  });
}
