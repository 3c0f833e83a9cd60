import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCommentsQuery, adminCommentsResponse, bulkApproveCommentsBody, bulkDeleteCommentsBody, captchaChallenge,
  commentErrorResponse, commentListResponse, createCommentBody, createCommentResponse, errorResponse, idParam,
  deletedCommentsQuery, deletedCommentsResponse, moderationResponse, restoreCommentsBody, COMMENT_MESSAGES,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError } from '../../errors.ts';
import { persianOr } from '../../plugins/error-handler.ts';
import { visitorOf } from '../analytics/visitor.ts';
import { CAPTCHA_RETRY_HEAD_START_MS, issueCaptcha, UsedCaptchas } from './captcha.ts';
import { approveComment, setCommentsApproved, deleteComment, deleteComments, listCommentsForAdmin, listDeletedComments, restoreComments, unapproveComment } from './moderation.ts';
import { CaptchaRejected, listArticleComments, submitComment } from './service.ts';
import { commentRepo } from './repo.ts';
import { signedInName } from '../../plugins/auth.ts';

export async function commentRoutes(app: FastifyInstance, { db, secret, retentionDays }: { db: Db; secret: string; retentionDays: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };
  const deps = { db, secret, usedCaptchas: new UsedCaptchas(db) };
  /** A question for the form; `retry` for the one that replaces a refused answer's. */
  const freshCaptcha = (retry = false) => {
    const { answer: _answer, ...challenge } = issueCaptcha(secret, Date.now() - (retry ? CAPTCHA_RETRY_HEAD_START_MS : 0));
    return challenge;
  };

  r.get('/api/articles/:id/comments', {
    config: { readCache: true },
    schema: { params: idParam, response: { 200: commentListResponse, ...errors } },
  }, async (request) => listArticleComments(db, request.params.id));

  r.get('/api/comments/captcha', {
    schema: { response: { 200: captchaChallenge } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return freshCaptcha();
  });

  r.post('/api/articles/:id/comments', {
    // The form shows the message as it is, so validation answers the spec's plain sentence.
    attachValidation: true,
    schema: { params: idParam, body: createCommentBody, response: { 201: createCommentResponse, 400: commentErrorResponse, ...errors } },
  }, async (request, reply) => {
    if (request.validationError) {
      const first = request.validationError.validation[0];
      // zod's own (English) defaults, for a body that is not even an object, become the spec's sentence.
      throw new AppError('validation_error', persianOr(first?.message, COMMENT_MESSAGES.incomplete));
    }
    const visitor = visitorOf(request, secret);
    try {
      const comment = await submitComment(deps, { ...request.body, articleId: request.params.id, visitorKey: visitor.key, ipHash: visitor.ipHash });
      return reply.code(201).send({ success: true, message: COMMENT_MESSAGES.pending, comment });
    } catch (err) {
      if (!(err instanceof CaptchaRejected)) throw err;
      return reply.code(400).send({ error: err.code, message: err.message, captcha: freshCaptcha(true) });
    }
  });

  // Moderation (spec 03 §7); the /api/admin guard requires a session and the CSRF token.
  r.get('/api/admin/comments', {
    config: { permission: 'comments' },
    schema: { querystring: adminCommentsQuery, response: { 200: adminCommentsResponse, ...errors } },
  }, async (request) => listCommentsForAdmin(db, request.query));

  r.post('/api/admin/comments/bulk', {
    config: { permission: 'comments', audit: { action: 'comment.bulk', target: 'comment', ids: (req) => (req.body as { commentIds: number[] }).commentIds, details: (req) => ({ [(req.body as { action: string }).action]: true }) } },
    schema: { body: bulkApproveCommentsBody, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await setCommentsApproved(db, request.body.commentIds, request.body.action === 'approve')));

  r.delete('/api/admin/comments/bulk', {
    config: { permission: 'comments', audit: { action: 'comment.bulk', target: 'comment', ids: (req) => (req.body as { commentIds: number[] }).commentIds, related: commentRepo.withReplies, details: () => ({ delete: true }) } },
    schema: { body: bulkDeleteCommentsBody, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await deleteComments(db, request.body.commentIds, signedInName(request))));

  r.get('/api/admin/comments/deleted', {
    config: { permission: 'comments' },
    schema: { querystring: deletedCommentsQuery, response: { 200: deletedCommentsResponse, ...errors } },
  }, async (request) => listDeletedComments(db, request.query.limit, retentionDays));

  r.post('/api/admin/comments/restore', {
    config: { permission: 'comments', audit: { action: 'comment.restore', target: 'comment', ids: (req) => (req.body as { commentIds: number[] }).commentIds, related: commentRepo.keptAncestorIds, details: (_req, answer) => ({ restored: answer?.affected }) } },
    schema: { body: restoreCommentsBody, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await restoreComments(db, request.body.commentIds)));

  r.post('/api/admin/comments/:id/approve', {
    config: { permission: 'comments', audit: { action: 'comment.approve', target: 'comment' } },
    schema: { params: idParam, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await approveComment(db, request.params.id)));

  r.post('/api/admin/comments/:id/unapprove', {
    config: { permission: 'comments', audit: { action: 'comment.unapprove', target: 'comment' } },
    schema: { params: idParam, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await unapproveComment(db, request.params.id)));

  r.delete('/api/admin/comments/:id', {
    config: { permission: 'comments', audit: { action: 'comment.delete', target: 'comment', related: commentRepo.withReplies } },
    schema: { params: idParam, response: { 200: moderationResponse, ...errors } },
  }, async (request) => changed(await deleteComment(db, request.params.id, signedInName(request))));

  function changed<T extends { affected: number }>(result: T): T {
    if (result.affected > 0) app.contentChanged();
    return result;
  }
}
