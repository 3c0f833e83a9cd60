import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, forceCheckResponse, monitorStatus as monitorStatusSchema, monitorToggleResponse } from '@chapar/shared/contracts';
import { jobStarted } from '../audit/job-audit.ts';
import type { Services } from '../../services.ts';
import { forceCheck, monitorStatus, setMonitoring } from './service.ts';
import { signedInName } from '../../plugins/auth.ts';

export async function monitorRoutes(app: FastifyInstance, { services: s }: { services: Pick<Services, 'config' | 'db' | 'jobs'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  r.get('/api/admin/auto-monitor/status', { config: { permission: 'view' }, schema: { response: { 200: monitorStatusSchema, ...errors } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return monitorStatus(s);
  });
  r.post('/api/admin/auto-monitor/start', { config: { permission: 'settings', audit: { action: 'monitor.start', target: 'settings', ids: () => ['monitor.enabled'] } }, schema: { response: { 200: monitorToggleResponse, ...errors } } },
    async (request) => setMonitoring(s, true, signedInName(request)));
  r.post('/api/admin/auto-monitor/stop', { config: { permission: 'settings', audit: { action: 'monitor.stop', target: 'settings', ids: () => ['monitor.enabled'] } }, schema: { response: { 200: monitorToggleResponse, ...errors } } },
    async (request) => setMonitoring(s, false, signedInName(request)));
  r.post('/api/admin/auto-monitor/force-check', { config: jobStarted('force-check'), schema: { response: { 200: forceCheckResponse, 202: forceCheckResponse, ...errors } } }, async (request, reply) => {
    const { outcome, body } = await forceCheck(s, signedInName(request));
    return reply.code(outcome.finished ? 200 : 202).send(body);
  });
}
