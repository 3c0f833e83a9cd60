import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusResponse } from '@chapar/shared/contracts';
import type { Database } from '@chapar/db';
import { readStatus } from './service.ts';

export async function systemRoutes(app: FastifyInstance, { database, version }: { database: Database; version: string }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/status', {
    schema: { response: { 200: statusResponse, 503: statusResponse } },
  }, async (_request, reply) => {
    const status = await readStatus(database, version);
    reply.header('cache-control', 'no-store');
    return reply.code(status.database.reachable ? 200 : 503).send(status);
  });
}
