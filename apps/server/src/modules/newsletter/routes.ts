// The newsletter: the public signup (spec 01 §7, and form-signup.ts for the forms without
// JavaScript), the links its mail carries, and the admin's routes (spec 03 §7 'Newsletter
// subscribers', and the digest's).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, subscribeBody, subscribeResponse } from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { newsletterAdminRoutes } from './admin-routes.ts';
import { newsletterDigestRoutes } from './digest-admin-routes.ts';
import { newsletterFormRoutes } from './form-signup.ts';
import { newsletterLinkRoutes } from './public-routes.ts';
import { subscribe } from './service.ts';

export async function newsletterRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'> }) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/newsletter/subscribe', {
    schema: { body: subscribeBody, response: { 200: subscribeResponse, '4xx': errorResponse } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return subscribe(s, { email: request.body.email, name: request.body.name, clientKey: request.clientKey });
  });
  newsletterAdminRoutes(app, s.db);
  newsletterDigestRoutes(app, s);
  // The same signup as a plain form, for pages whose script has not run (its own body parser).
  await app.register(newsletterFormRoutes, { services: s });
  await app.register(newsletterLinkRoutes, { db: s.db, secret: s.config.sessionSecret, siteName: s.config.siteName });
}
