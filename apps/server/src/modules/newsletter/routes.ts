import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, subscribeBody, subscribeResponse } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { newsletterAdminRoutes } from './admin-routes.ts';
import { subscribe } from './service.ts';

export async function newsletterRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/newsletter/subscribe', {
    schema: { body: subscribeBody, response: { 200: subscribeResponse, '4xx': errorResponse } },
  }, async (request) => subscribe(db, request.body));
  newsletterAdminRoutes(app, db);
}
