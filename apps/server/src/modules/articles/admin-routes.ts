// Article administration (spec 03 §7 'Articles', spec 02's regenerate and fix-image).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminArticle, aiRegenerateBody, aiRegenerateResponse, bulkArticlesBody, bulkArticlesResponse, deleteArticleResponse, errorResponse, fixArticleImageResponse, idParam,
  regenerateArticleBody, regenerateArticleResponse, updateArticleBody, uploadFileResponse, watermarkPreview as watermarkPreviewResponse,
  mediaStatus as mediaStatusResponse,
} from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { saveUpload, uploadedFile } from '../media/upload.ts';
import { mediaStatus } from '../media/media-status.ts';
import { watermarkPreview } from '../media/watermark-preview.ts';
import { requireAdmin, signedInName } from '../../plugins/auth.ts';
import { bulkArticles, deleteArticle, updateArticle } from './admin-service.ts';
import { articleDeskRoutes } from './desk-routes.ts';
import { fixArticleImage, regenerateArticle, regenerateField } from './regenerate.ts';
import { deletedArticleRoutes } from './trash-routes.ts';

type ArticleAdminRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'jobs' | 'contentChanged'>;

export async function articleAdminRoutes(app: FastifyInstance, { services: s }: { services: ArticleAdminRoutesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // Only this plugin's routes read multipart bodies; uploads are capped here, not by the JSON body limit.
  await app.register(multipart, { limits: { fileSize: s.config.uploadMaxBytes, files: 1, fields: 10, parts: 12 } });

  r.patch('/api/admin/articles/:id', { config: { permission: 'articles', audit: { action: 'article.update', target: 'article' } }, schema: { params: idParam, body: updateArticleBody, response: { 200: adminArticle, ...errors } } },
    async (request) => updateArticle(s, request.params.id, request.body, requireAdmin(request).user.username));
  articleDeskRoutes(app, s);
  deletedArticleRoutes(app, s);

  r.delete('/api/admin/articles/:id', { config: { permission: 'articles', audit: { action: 'article.delete', target: 'article' } }, schema: { params: idParam, response: { 200: deleteArticleResponse, ...errors } } },
    async (request) => deleteArticle(s, request.params.id, signedInName(request)));

  r.post('/api/admin/articles/bulk', {
    config: {
      permission: 'articles',
      audit: {
        action: 'article.bulk', target: 'article', ids: (req) => (req.body as { articleIds: number[] }).articleIds,
        fields: ['title', 'status', 'featured'], details: (req) => ({ action: (req.body as { action: string }).action }),
      },
    },
    schema: { body: bulkArticlesBody, response: { 200: bulkArticlesResponse, ...errors } } },
    async (request) => bulkArticles(s, request.body, signedInName(request)));

  // Suggests text for a field and changes nothing: not a write for the audit trail.
  r.post('/api/admin/ai-regenerate', { config: { permission: 'articles', audit: false }, schema: { body: aiRegenerateBody, response: { 200: aiRegenerateResponse, ...errors } } },
    async (request) => regenerateField(s, request.body.field, request.body.content));

  r.post('/api/admin/upload-file', { config: { permission: 'articles', audit: { action: 'article.upload', details: (_req, answer) => ({ url: answer?.url }) } }, schema: { response: { 200: uploadFileResponse, ...errors } } },
    async (request) => saveUpload(s, await uploadedFile(request)));

  r.get('/api/admin/media-status', { config: { permission: 'view' }, schema: { response: { 200: mediaStatusResponse, ...errors } } }, async () => mediaStatus(s.db));

  // A preview of the watermark on an uploaded picture; nothing is stored.
  r.post('/api/admin/watermark-preview', { config: { permission: 'jobs', audit: false }, schema: { response: { 200: watermarkPreviewResponse, ...errors } } },
    async (request) => watermarkPreview(s, await uploadedFile(request)));

  r.post('/api/admin/regenerate-article/:id', {
    config: { permission: 'articles', audit: { action: 'article.regenerate', target: 'article' } },
    schema: { params: idParam, body: regenerateArticleBody, response: { 200: regenerateArticleResponse, 202: regenerateArticleResponse, ...errors } },
  }, async (request, reply) => {
    const { finished, body } = await regenerateArticle(s, request.params.id, signedInName(request), request.body?.overwriteEdits ?? false);
    return reply.code(finished ? 200 : 202).send(body);
  });

  r.post('/api/admin/fix-article-image/:id', {
    config: { permission: 'articles', audit: { action: 'article.fix-image', target: 'article' } },
    schema: { params: idParam, response: { 200: fixArticleImageResponse, 202: fixArticleImageResponse, ...errors } },
  }, async (request, reply) => {
    const { finished, body } = await fixArticleImage(s, request.params.id, signedInName(request));
    return reply.code(finished ? 200 : 202).send(body);
  });
}
