// /api/admin/newsletter/* (spec 03 §7 'Newsletter subscribers'), under the admin guard.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSubscribersQuery, adminSubscribersResponse, errorResponse, exportSubscribersBody, idParam, okResponse, subscriberResponse, updateSubscriberBody,
} from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { deleteSubscriber, exportSubscribers, listSubscribers, updateSubscriber } from './admin-service.ts';

export function newsletterAdminRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };

  r.get('/api/admin/newsletter/subscribers', { config: { permission: 'newsletter' }, schema: { querystring: adminSubscribersQuery, response: { 200: adminSubscribersResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubscribers(db, request.query);
    });

  r.patch('/api/admin/newsletter/subscribers/:id', { config: { permission: 'newsletter', audit: { action: 'subscriber.update', target: 'subscriber' } }, schema: { params: idParam, body: updateSubscriberBody, response: { 200: subscriberResponse, ...errors } } },
    async (request) => updateSubscriber(db, request.params.id, request.body));

  r.delete('/api/admin/newsletter/subscribers/:id', { config: { permission: 'newsletter', audit: { action: 'subscriber.delete', target: 'subscriber' } }, schema: { params: idParam, response: { 200: okResponse, ...errors } } },
    async (request) => deleteSubscriber(db, request.params.id));

  // The answer is a CSV file, not JSON: no response schema (errors still answer {error, message}).
  // An export of readers' addresses is recorded like a write: who took the list, when.
  r.post('/api/admin/newsletter/export', { config: { permission: 'newsletter', audit: { action: 'newsletter.export', details: (req) => ({ ...(req.body as object | undefined) }) } }, schema: { body: exportSubscribersBody } }, async (request, reply) => {
    const { filename, csv } = await exportSubscribers(db, { status: request.body?.status ?? 'all', search: request.body?.search });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
