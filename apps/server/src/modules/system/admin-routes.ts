// The system monitor tab (spec 03 §2.3): health of every service, and the job queue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, queueStatus, systemHealth, type QueueStatus } from '@chapar/shared/contracts';
import type { Services } from '../ingest/services.ts';
import { HealthChecker } from './health.ts';

export async function readQueueStatus(s: Services): Promise<QueueStatus> {
  const queues = await s.jobs.counts();
  const sum = (key: 'pending' | 'processing' | 'completed' | 'failed') => queues.reduce((n, q) => n + q[key], 0);
  const totals = { pending: sum('pending'), processing: sum('processing'), completed: sum('completed'), failed: sum('failed') };
  return { ...totals, total: totals.pending + totals.processing + totals.completed + totals.failed, totalProcessed: totals.completed + totals.failed, queues };
}

export async function systemAdminRoutes(app: FastifyInstance, { services: s }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const health = new HealthChecker(s);

  r.get('/api/admin/system/health', { schema: { response: { 200: systemHealth, '4xx': errorResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return health.report();
  });

  r.get('/api/admin/system/queue-status', { schema: { response: { 200: queueStatus, '4xx': errorResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readQueueStatus(s);
  });
}
