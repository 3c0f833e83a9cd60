// The operation records an admin screen shows (spec 03 §2.3 'Operations monitor'): the
// list every open admin tab polls, one record, cancelling a run, clearing finished ones.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearOperationsResponse, errorResponse, idParam, OPERATION_MESSAGES, operationList, operationRecord, operationsQuery, type OperationRecord,
} from '@chapar/shared/contracts';
import { AppError, notFound } from '../../errors.ts';
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
    cancelRequested: row.cancelRequestedAt !== null,
  };
}

export async function operationsRoutes(app: FastifyInstance, { services: s }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/operations', {
    schema: { querystring: operationsQuery, response: { 200: operationList, '4xx': errorResponse } },
  }, async (request) => {
    const { limit, status, name } = request.query;
    const rows = await operationsRepo.list(s.db, { limit, status: status ? FROM_STATUS[status] : undefined, kind: name });
    return { operations: rows.map(toOperationRecord) };
  });

  r.get('/api/admin/operations/:id', {
    schema: { params: idParam, response: { 200: operationRecord, '4xx': errorResponse } },
  }, async (request) => {
    const row = await operationsRepo.get(s.db, request.params.id);
    if (!row) throw notFound(OPERATION_MESSAGES.notFound);
    return toOperationRecord(row);
  });

  // A queued run ends at once; a running one stops at its next item (its job checks between items).
  r.post('/api/admin/operations/:id/cancel', {
    schema: { params: idParam, response: { 200: operationRecord, '4xx': errorResponse } },
  }, async (request) => {
    const before = await operationsRepo.get(s.db, request.params.id);
    if (!before) throw notFound(OPERATION_MESSAGES.notFound);
    if (before.status === 'success' || before.status === 'error') throw new AppError('conflict', OPERATION_MESSAGES.notRunning);
    const row = await operationsRepo.requestCancel(s.db, before.id, OPERATION_MESSAGES.cancelled);
    return toOperationRecord(row!);
  });

  r.delete('/api/admin/operations', {
    schema: { response: { 200: clearOperationsResponse, '4xx': errorResponse } },
  }, async () => {
    const cleared = await operationsRepo.clearFinished(s.db);
    return { success: true, message: OPERATION_MESSAGES.cleared(cleared), cleared };
  });

  r.delete('/api/admin/operations/:id', {
    schema: { params: idParam, response: { 200: clearOperationsResponse, '4xx': errorResponse } },
  }, async (request) => {
    const row = await operationsRepo.get(s.db, request.params.id);
    if (!row) throw notFound(OPERATION_MESSAGES.notFound);
    if (row.status !== 'success' && row.status !== 'error') throw new AppError('conflict', 'عملیات در حال اجرا پاک نمی‌شود؛ نخست آن را لغو کنید');
    const cleared = await operationsRepo.clearFinished(s.db, row.id);
    return { success: true, message: OPERATION_MESSAGES.cleared(cleared), cleared };
  });
}
