// Deleted articles: the list, restoring some, and removing one for good before the daily purge.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedArticleList, deletedArticleParams, deletedArticlesQuery, errorResponse, okResponse, restoreDeletedBody, restoreDeletedResponse,
} from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { listDeleted, purgeDeleted, restoreDeleted } from './trash.ts';

type DeletedArticleRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'media' | 'contentChanged'>;

export function deletedArticleRoutes(app: FastifyInstance, s: DeletedArticleRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.get('/api/admin/deleted-articles', { config: { permission: 'view' }, schema: { querystring: deletedArticlesQuery, response: { 200: deletedArticleList, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDeleted(s, request.query.page, request.query.limit);
    });

  r.post('/api/admin/deleted-articles/restore', {
    config: { permission: 'articles', audit: { action: 'article.undelete', target: 'article', ids: (req) => (req.body as { articleIds: number[] }).articleIds } },
    schema: { body: restoreDeletedBody, response: { 200: restoreDeletedResponse, ...errors } },
  }, async (request) => restoreDeleted(s, request.body.articleIds));

  r.delete('/api/admin/deleted-articles/:id', {
    config: { permission: 'articles', audit: { action: 'article.purge', target: 'article' } },
    schema: { params: deletedArticleParams, response: { 200: okResponse, ...errors } },
  }, async (request) => purgeDeleted(s, request.params.id));
}
