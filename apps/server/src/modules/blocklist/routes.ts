import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockedPost, blockedPostList, blockedPostParams, errorResponse, okResponse } from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { allowRegeneration, listBlocked, unblock } from './service.ts';

export async function blocklistRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'db' | 'jobs'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The audit trail names a blocked post '{telegramId}/{source}'.
  const blockedKey = (request: FastifyRequest) => {
    const { telegramId, source } = request.params as { telegramId: number; source: string };
    return [`${telegramId}/${source}`];
  };
  const errors = { '4xx': errorResponse };

  r.get('/api/admin/blocked-posts', { config: { permission: 'blocklist' }, schema: { response: { 200: blockedPostList, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listBlocked(s);
  });

  r.delete('/api/admin/blocked-posts/:telegramId/:source', { config: { permission: 'blocklist', audit: { action: 'blocklist.remove', target: 'blocked', ids: blockedKey } }, schema: { params: blockedPostParams, response: { 200: okResponse, ...errors } } },
    async (request) => unblock(s, request.params.source, request.params.telegramId));

  r.post('/api/admin/blocked-posts/:telegramId/:source/allow-regeneration', {
    config: { permission: 'blocklist', audit: { action: 'blocklist.allow', target: 'blocked', ids: blockedKey } },
    schema: { params: blockedPostParams, response: { 200: okResponse.extend({ post: blockedPost }), ...errors } },
  }, async (request) => allowRegeneration(s, request.params.source, request.params.telegramId));
}

