import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse, idParam, ignoredPost, ignoredPostList, initSampleResponse, okResponse, processIgnoredResponse, reviewIgnoredBody,
} from '@chapar/shared/contracts';
import { requireAdmin, signedInName } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { listIgnored, processIgnored, recordSample, reviewIgnored } from './service.ts';

type IgnoredRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'sources' | 'jobs'>;

export async function ignoredRoutes(app: FastifyInstance, { services: s }: { services: IgnoredRoutesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.get('/api/admin/ignored-posts', { config: { permission: 'ignored' }, schema: { response: { 200: ignoredPostList, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listIgnored(s);
  });

  r.post('/api/admin/ignored-posts/init-sample', { config: { permission: 'ignored', audit: { action: 'ignored.sample' } }, schema: { response: { 200: initSampleResponse, ...errors } } }, async () => recordSample(s));

  r.post('/api/admin/ignored-posts/:id/review', {
    config: { permission: 'ignored', audit: { action: 'ignored.review', target: 'ignored' } },
    schema: { params: idParam, body: reviewIgnoredBody, response: { 200: okResponse.extend({ post: ignoredPost }), ...errors } },
  }, async (request) => reviewIgnored(s, request.params.id, request.body, requireAdmin(request).user.username));

  r.post('/api/admin/ignored-posts/:id/process', {
    config: { permission: 'ignored', audit: { action: 'ignored.process', target: 'ignored' } },
    schema: { params: idParam, response: { 200: processIgnoredResponse, 202: processIgnoredResponse, ...errors } },
  }, async (request, reply) => {
    const { outcome, body } = await processIgnored(s, request.params.id, signedInName(request));
    return reply.code(outcome.finished ? 200 : 202).send(body);
  });
}
