// The operation records an admin screen shows (spec 03 §2.3 'Operations monitor').
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParam, operationList, operationRecord, operationsQuery, type OperationRecord } from '@chapar/shared/contracts';
import { notFound } from '../../errors.ts';
import { operationsRepo, type OperationRow } from './operations-repo.ts';
import type { Services } from './services.ts';

const STATUS: Record<string, OperationRecord['status']> = { queued: 'idle', running: 'running', success: 'success', error: 'error' };
const FROM_STATUS: Record<OperationRecord['status'], 'queued' | 'running' | 'success' | 'error'> = { idle: 'queued', running: 'running', success: 'success', error: 'error' };

export function toOperationRecord(row: OperationRow): OperationRecord {
  return {
    id: row.id,
    name: row.kind,
    status: STATUS[row.status] ?? 'idle',
    progress: row.progress,
    logs: row.logs,
    errors: row.errors,
    params: row.params,
    results: row.result ?? null,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    startTime: row.startedAt?.toISOString() ?? null,
    endTime: row.finishedAt?.toISOString() ?? null,
  };
}

export async function operationsRoutes(app: FastifyInstance, { services: s }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/operations', {
    schema: { querystring: operationsQuery, response: { 200: operationList, '4xx': errorResponse } },
  }, async (request) => {
    const rows = await operationsRepo.list(s.db, { limit: request.query.limit, status: request.query.status ? FROM_STATUS[request.query.status] : undefined });
    return { operations: rows.map(toOperationRecord) };
  });

  r.get('/api/admin/operations/:id', {
    schema: { params: idParam, response: { 200: operationRecord, '4xx': errorResponse } },
  }, async (request) => {
    const row = await operationsRepo.get(s.db, request.params.id);
    if (!row) throw notFound('عملیات یافت نشد');
    return toOperationRecord(row);
  });
}
