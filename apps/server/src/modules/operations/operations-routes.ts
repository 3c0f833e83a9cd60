// The operation records an admin screen shows (spec 03 §2.3 'Operations monitor'): the
// list every open admin tab polls, one record, cancelling a run, clearing finished ones.
import type { FastifyInstance } from 'fastify';
import type { AuditSpec } from '../audit/record.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearOperationsResponse, confirmOperationBody, errorResponse, idParam, OPERATION_MESSAGES, operationList, operationRecord, operationResponse,
  operationsQuery, undoOperationResponse, type OperationPlan, type OperationRecord,
} from '@chapar/shared/contracts';
import { AppError, notFound } from '../../errors.ts';
import { requireAdmin, signedInName } from '../../plugins/auth.ts';
import { changeRepo } from '../articles/change-log.ts';
import { undoOperation } from '../articles/undo.ts';
import { releaseCancelledEdits } from '../ingest/source-edits.ts';
import type { AdminAction } from './admin-action.ts';
import { confirmOperation } from './confirm-operation.ts';
import { operationsRepo, type OperationRow, type OperationStatus } from './operations-repo.ts';
import { finishedMessage, operationAnswer } from './run-operation.ts';
import type { Services } from '../../services.ts';

type OperationsRoutesDeps = Pick<Services, 'config' | 'db' | 'log' | 'jobs' | 'contentChanged'>;

const STATUS: Record<string, OperationRecord['status']> = { queued: 'idle', running: 'running', awaiting: 'awaiting', success: 'success', error: 'error' };
const FROM_STATUS: Record<OperationRecord['status'], OperationStatus> = { idle: 'queued', running: 'running', awaiting: 'awaiting', success: 'success', error: 'error' };

export function toOperationRecord(row: OperationRow, undoable = 0): OperationRecord {
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
    plan: (row.plan as OperationPlan | null) ?? null,
    confirmedBy: row.confirmedBy,
    undoable,
    undoneBy: row.undoneBy,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** Records with how many of their changes an undo can still put back. */
async function withUndo(s: Pick<Services, 'db'>, rows: OperationRow[]): Promise<OperationRecord[]> {
  const counts = await changeRepo.pendingCounts(s.db, rows.filter((r) => !r.undoneAt && (r.status === 'success' || r.status === 'error')).map((r) => r.id));
  return rows.map((r) => toOperationRecord(r, counts.get(r.id) ?? 0));
}

/**
 * Confirming, undoing and cancelling are recorded with the operation's state before and after;
 * a confirmed run and an undo also with each article's fields before and after.
 */
const onOperation = (action: string, operationArticles?: AuditSpec['operationArticles']): { permission: 'jobs'; audit: AuditSpec } => ({
  permission: 'jobs', audit: { action, target: 'operation', ...(operationArticles ? { operationArticles } : {}) },
});

/** `actions`: the processing endpoints (ingest/admin-actions.ts), whose own answer a confirmed plan gives. */
export async function operationsRoutes(app: FastifyInstance, { services: s, actions }: { services: OperationsRoutesDeps; actions: readonly AdminAction[] }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/operations', {
    config: { permission: 'view' },
    schema: { querystring: operationsQuery, response: { 200: operationList, '4xx': errorResponse } },
  }, async (request) => {
    const { limit, status, name } = request.query;
    const rows = await operationsRepo.list(s.db, { limit, status: status ? FROM_STATUS[status] : undefined, kind: name });
    return { operations: await withUndo(s, rows) };
  });

  r.get('/api/admin/operations/:id', {
    config: { permission: 'view' },
    schema: { params: idParam, response: { 200: operationRecord, '4xx': errorResponse } },
  }, async (request) => {
    const row = await operationsRepo.get(s.db, request.params.id);
    if (!row) throw notFound(OPERATION_MESSAGES.notFound);
    return (await withUndo(s, [row]))[0];
  });

  // A plan's confirmation: the job runs again and makes the plan's changes (confirm-operation.ts).
  r.post('/api/admin/operations/:id/confirm', {
    config: onOperation('operation.confirm', 'confirm'),
    // The answer carries the fields the job's own endpoint answers with (spec 03 §7), beside the common ones.
    schema: { params: idParam, body: confirmOperationBody, response: { 200: operationResponse.loose(), 202: operationResponse.loose(), '4xx': errorResponse, '5xx': errorResponse } },
  }, async (request, reply) => {
    const outcome = await confirmOperation(s, request.params.id, request.body ?? {}, signedInName(request));
    const action = actions.find((a) => a.path === outcome.operation.kind);
    const message = outcome.finished ? (action?.message(outcome.result) ?? finishedMessage(outcome.result)) : '';
    return reply.code(outcome.finished ? 200 : 202).send({ ...operationAnswer(outcome, message), ...action?.extra?.(outcome.finished ? outcome.result : {}) });
  });

  r.post('/api/admin/operations/:id/undo', {
    config: onOperation('operation.undo', 'undo'),
    schema: { params: idParam, response: { 200: undoOperationResponse, '4xx': errorResponse } },
  }, async (request) => undoOperation(s, request.params.id, requireAdmin(request).user.username));

  // A queued run ends at once; a running one stops at its next item (its job checks between items).
  r.post('/api/admin/operations/:id/cancel', {
    config: onOperation('operation.cancel'),
    schema: { params: idParam, response: { 200: operationRecord, '4xx': errorResponse } },
  }, async (request) => {
    const before = await operationsRepo.get(s.db, request.params.id);
    if (!before) throw notFound(OPERATION_MESSAGES.notFound);
    if (before.status === 'success' || before.status === 'error') throw new AppError('conflict', OPERATION_MESSAGES.notRunning);
    const row = await operationsRepo.requestCancel(s.db, before.id, OPERATION_MESSAGES.cancelled);
    // A cancelled plan of edits at the source lets go of the posts it held.
    await releaseCancelledEdits(s, row!);
    return toOperationRecord((await operationsRepo.get(s.db, before.id))!);
  });

  r.delete('/api/admin/operations', {
    config: { permission: 'jobs', audit: { action: 'operation.clear', details: (_req, answer) => ({ cleared: answer?.cleared }) } },
    schema: { response: { 200: clearOperationsResponse, '4xx': errorResponse } },
  }, async () => {
    const cleared = await operationsRepo.clearFinished(s.db);
    return { success: true, message: OPERATION_MESSAGES.cleared(cleared), cleared };
  });

  r.delete('/api/admin/operations/:id', {
    config: onOperation('operation.clear'),
    schema: { params: idParam, response: { 200: clearOperationsResponse, '4xx': errorResponse } },
  }, async (request) => {
    const row = await operationsRepo.get(s.db, request.params.id);
    if (!row) throw notFound(OPERATION_MESSAGES.notFound);
    if (row.status !== 'success' && row.status !== 'error') throw new AppError('conflict', 'عملیات در حال اجرا پاک نمی‌شود؛ نخست آن را لغو کنید');
    // Finished but still undoable: its record is what the undo works from, so it stays.
    const cleared = await operationsRepo.clearFinished(s.db, row.id);
    if (!cleared) throw new AppError('conflict', OPERATION_MESSAGES.keptForUndo);
    return { success: true, message: OPERATION_MESSAGES.cleared(cleared), cleared };
  });
}
