import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  articleIdParam, bookmarkList, bookmarkSessionBody, bookmarkStateResponse, bookmarksQuery, errorResponse, toggleBookmarkBody,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { requireSessionId } from '../analytics/visitor.ts';
import { addBookmark, listBookmarks, removeBookmark, toggleBookmark } from './service.ts';

/** Bookmarks per visitor session (X-Session-Id, or sessionId in the body or query); never cached. */
export async function bookmarkRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse };
  const state = { 200: bookmarkStateResponse, ...errors };

  r.get('/api/bookmarks', {
    schema: { querystring: bookmarksQuery, response: { 200: bookmarkList, ...errors } },
  }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listBookmarks(db, requireSessionId(request, request.query.sessionId));
  });

  r.post('/api/bookmarks', {
    schema: { body: toggleBookmarkBody, response: state },
  }, async (request) => toggleBookmark(db, requireSessionId(request, request.body.sessionId), request.body.articleId));

  r.post('/api/bookmarks/:articleId', {
    schema: { params: articleIdParam, querystring: bookmarksQuery, body: bookmarkSessionBody, response: state },
  }, async (request) => addBookmark(db, requireSessionId(request, request.body?.sessionId ?? request.query.sessionId), request.params.articleId));

  r.delete('/api/bookmarks/:articleId', {
    schema: { params: articleIdParam, querystring: bookmarksQuery, body: bookmarkSessionBody, response: state },
  }, async (request) => removeBookmark(db, requireSessionId(request, request.body?.sessionId ?? request.query.sessionId), request.params.articleId));
}
