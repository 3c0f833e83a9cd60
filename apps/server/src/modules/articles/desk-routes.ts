// The admin desk's article routes: the server-paged table, one article in any status,
// publish/unpublish and the version history.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArticle, adminArticlesQuery, adminArticlesResponse, articleVersion, articleVersionList, articleVersionParams, errorResponse, idParam,
  publishStateResponse, unpublishArticleBody,
} from '@chapar/shared/contracts';
import { ADMIN_ARTICLE_MESSAGES } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';
import { articleAdminRepo } from './admin-repo.ts';
import { listAdminArticles } from './admin-table.ts';
import { articleVersion as getVersion, articleVersions, restoreVersion } from './article-save.ts';
import { toAdminArticle } from './dto.ts';
import { postStore } from '../posts/post-store.ts';
import { setPublished } from './publishing.ts';

type ArticleDeskRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

export function articleDeskRoutes(app: FastifyInstance, s: ArticleDeskRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  const noStore = { onSend: async (_request: unknown, reply: { header(k: string, v: string): unknown }) => { reply.header('cache-control', 'no-store'); } };

  r.get('/api/admin/articles', { config: { permission: 'view' }, ...noStore, schema: { querystring: adminArticlesQuery, response: { 200: adminArticlesResponse, ...errors } } },
    async (request) => listAdminArticles(s.db, request.query));

  r.get('/api/admin/articles/:id', { config: { permission: 'view' }, ...noStore, schema: { params: idParam, response: { 200: adminArticle, ...errors } } }, async (request) => {
    const row = await articleAdminRepo.byId(s.db, request.params.id);
    if (!row) throw notFound(ADMIN_ARTICLE_MESSAGES.notFound);
    return toAdminArticle(row, await postStore.missingMediaFor(s.db, row.id));
  });

  r.post('/api/admin/articles/:id/publish', { config: { permission: 'articles', audit: { action: 'article.publish', target: 'article' } }, schema: { params: idParam, response: { 200: publishStateResponse, ...errors } } },
    async (request) => setPublished(s, request.params.id, true, { by: requireAdmin(request).user.username }));

  r.post('/api/admin/articles/:id/unpublish', {
    config: { permission: 'articles', audit: { action: 'article.unpublish', target: 'article' } },
    schema: { params: idParam, body: unpublishArticleBody, response: { 200: publishStateResponse, ...errors } },
  }, async (request) => setPublished(s, request.params.id, false, { by: requireAdmin(request).user.username, reason: request.body?.reason }));

  r.get('/api/admin/articles/:id/versions', { config: { permission: 'view' }, ...noStore, schema: { params: idParam, response: { 200: articleVersionList, ...errors } } },
    async (request) => articleVersions(s, request.params.id));

  r.get('/api/admin/articles/:id/versions/:versionId', { config: { permission: 'view' }, ...noStore, schema: { params: articleVersionParams, response: { 200: articleVersion, ...errors } } },
    async (request) => getVersion(s, request.params.id, request.params.versionId));

  r.post('/api/admin/articles/:id/versions/:versionId/restore', {
    config: { permission: 'articles', audit: { action: 'article.restore', target: 'article', details: (req) => ({ versionId: (req.params as { versionId: number }).versionId }) } },
    schema: { params: articleVersionParams, response: { 200: adminArticle, ...errors } },
  }, async (request) => restoreVersion(s, request.params.id, request.params.versionId, requireAdmin(request).user.username));
}
