import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkDuplicateContentBody, checkDuplicatePostBody, deleteDuplicateQuery, deleteDuplicateResponse, duplicateCheckResult, errorResponse, idParam,
  scanResult, verifyArticlesBody, verifyArticlesResponse,
} from '@chapar/shared/contracts';
import { scanDuplicatesJob } from '../../jobs/specs.ts';
import { requireAdmin, signedInName } from '../../plugins/auth.ts';
import { runOperation } from '../operations/run-operation.ts';
import type { Services } from '../../services.ts';
import { jobStarted } from '../audit/job-audit.ts';
import { checkDuplicateContent, checkDuplicatePost } from './check.ts';
import { deleteDuplicate, lastScan, SCAN_KIND, scanAnswer } from './service.ts';
import { verifyArticles } from './verify.ts';

type DuplicateRoutesDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

export async function duplicateRoutes(app: FastifyInstance, { services: s }: { services: DuplicateRoutesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  // The two checks only read: nothing for the audit trail.
  r.post('/api/admin/check-duplicate-post', { config: { permission: 'jobs', audit: false }, schema: { body: checkDuplicatePostBody.nullish(), response: { 200: duplicateCheckResult, ...errors } } },
    async (request) => checkDuplicatePost(s, request.body?.postId));

  r.post('/api/admin/check-duplicate-content', { config: { permission: 'jobs', audit: false }, schema: { body: checkDuplicateContentBody.nullish(), response: { 200: duplicateCheckResult, ...errors } } },
    async (request) => checkDuplicateContent(s, request.body?.content));

  r.post('/api/admin/scan-detailed-duplicates', { config: jobStarted(SCAN_KIND), schema: { response: { 200: scanResult, 202: scanResult, ...errors } } }, async (request, reply) => {
    const outcome = await runOperation(s, scanDuplicatesJob, {}, { kind: SCAN_KIND, requestedBy: signedInName(request) });
    return reply.code(outcome.finished ? 200 : 202).send(scanAnswer(outcome.operation));
  });

  r.get('/api/admin/scan-detailed-duplicates', { config: { permission: 'view' }, schema: { response: { 200: scanResult, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return lastScan(s);
  });

  r.delete('/api/admin/duplicate-article/:id', {
    config: { permission: 'jobs', audit: { action: 'duplicate.delete', target: 'article', details: (req) => ({ originalId: (req.query as { originalId?: number }).originalId }) } },
    schema: { params: idParam, querystring: deleteDuplicateQuery, response: { 200: deleteDuplicateResponse, ...errors } },
  }, async (request) => deleteDuplicate(s, request.params.id, request.query.originalId, requireAdmin(request).user.username));

  r.post('/api/admin/verify-articles', { config: jobStarted('verify-articles', (b) => ({ articleIds: b.articleIds })), schema: { body: verifyArticlesBody, response: { 200: verifyArticlesResponse, ...errors } } },
    async (request) => verifyArticles(s, request.body.articleIds, signedInName(request)));
}
