// The route config of an admin call that starts a job: the 'jobs' permission, and an audit
// entry naming the job (its operation comes from the answer's operationId).
import type { FastifyContextConfig } from 'fastify';

export function jobStarted(kind: string, details?: (body: Record<string, unknown>) => Record<string, unknown>): FastifyContextConfig {
  return {
    permission: 'jobs',
    audit: { action: 'job.start', details: (request) => ({ kind, ...details?.((request.body ?? {}) as Record<string, unknown>) }) },
  };
}
