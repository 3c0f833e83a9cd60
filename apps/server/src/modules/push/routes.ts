// Breaking news by Web Push: the public subscription routes a reader's browser calls, and the
// admin's action that marks an article as breaking news.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  breakingNewsResponse, errorResponse, idParam, PUSH_MESSAGES, pushKeyResponse, pushSubscribeResponse, pushSubscriptionBody, pushUnsubscribeBody,
} from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { markBreaking, subscribe, unsubscribe } from './service.ts';
import { signedInName } from '../../plugins/auth.ts';

export async function pushRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'config' | 'db' | 'push' | 'jobs'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  // The key a browser subscribes with (applicationServerKey).
  r.get('/api/push/key', { schema: { response: { 200: pushKeyResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { publicKey: s.push.publicKey };
  });

  r.post('/api/push/subscriptions', { schema: { body: pushSubscriptionBody, response: { 201: pushSubscribeResponse, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await subscribe(s, request.body, request.clientKey);
    return reply.code(201).send({ success: true, message: PUSH_MESSAGES.subscribed });
  });

  r.post('/api/push/unsubscribe', { schema: { body: pushUnsubscribeBody, response: { 200: pushSubscribeResponse, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await unsubscribe(s, request.body.endpoint);
    return { success: true, message: PUSH_MESSAGES.unsubscribed };
  });

  r.post('/api/admin/articles/:id/breaking', {
    config: { permission: 'articles', audit: { action: 'article.breaking', target: 'article', details: (_req, answer) => ({ subscriptions: answer?.subscriptions }) } },
    schema: { params: idParam, response: { 202: breakingNewsResponse, ...errors } },
  }, async (request, reply) => {
    const answer = await markBreaking(s, request.params.id, signedInName(request));
    return reply.code(202).send(answer);
  });
}
