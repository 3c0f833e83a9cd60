// The system monitor tab (spec 03 §2.3): health of every service, the job queue, and the
// last hour of both for the charts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, healthQuery, queueStatus, systemHealth, systemHistory, type QueueStatus } from '@chapar/shared/contracts';
import type { Services } from '../../services.ts';
import { HealthChecker } from './health.ts';
import { SystemHistoryLog } from './history.ts';

type SystemAdminRoutesDeps = Pick<Services, 'config' | 'database' | 'db' | 'storage' | 'speech' | 'sources' | 'mailer' | 'jobs'> & Partial<Pick<Services, 'log'>>;

/** How often the queue is sampled for the chart while nobody has the page open. */
export const QUEUE_SAMPLE_INTERVAL_MS = 60_000;

export async function readQueueStatus(s: Pick<Services, 'jobs'>): Promise<QueueStatus> {
  const queues = await s.jobs.counts();
  const sum = (key: 'pending' | 'processing' | 'completed' | 'failed') => queues.reduce((n, q) => n + q[key], 0);
  const totals = { pending: sum('pending'), processing: sum('processing'), completed: sum('completed'), failed: sum('failed') };
  return { ...totals, total: totals.pending + totals.processing + totals.completed + totals.failed, totalProcessed: totals.completed + totals.failed, queues };
}

export async function systemAdminRoutes(app: FastifyInstance, { services: s }: { services: SystemAdminRoutesDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const health = new HealthChecker(s);
  const history = new SystemHistoryLog();

  // The queue chart has a line for the whole hour even when nobody watched it. Only the
  // queue is sampled in the background: health checks reach outside (Telegram, the AI
  // endpoint), so response times are recorded when the page asks for them.
  const sampler = setInterval(() => {
    readQueueStatus(s).then((q) => history.recordQueue(q), () => undefined);
  }, QUEUE_SAMPLE_INTERVAL_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  r.get('/api/admin/system/health', { config: { permission: 'view' }, schema: { querystring: healthQuery, response: { 200: systemHealth, '4xx': errorResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.query.refresh === 'true') health.forget();
    const report = await health.report();
    history.recordServices(report.services);
    return report;
  });
  r.get('/api/admin/system/queue-status', { config: { permission: 'view' }, schema: { response: { 200: queueStatus, '4xx': errorResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const status = await readQueueStatus(s);
    history.recordQueue(status);
    return status;
  });
  r.get('/api/admin/system/history', { config: { permission: 'view' }, schema: { response: { 200: systemHistory, '4xx': errorResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return history.snapshot();
  });
}
