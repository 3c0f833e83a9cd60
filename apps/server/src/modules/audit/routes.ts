// The audit trail for the owner: filtered and paged, newest first. There is no route that
// edits or deletes an entry; only the retention job drops old ones.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPage, auditQuery, errorResponse, type AuditEntry } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError } from '../../errors.ts';
import { auditRepo, type AuditRow } from './repo.ts';

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorUsername,
    actorRole: row.actorRole,
    ip: row.ip,
    userAgent: row.userAgent,
    action: row.action,
    method: row.method,
    route: row.route,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes as AuditEntry['changes'],
    details: row.details,
    status: row.status,
  };
}

export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/audit', {
    config: { permission: 'accounts' },
    schema: { querystring: auditQuery, response: { 200: auditPage, '4xx': errorResponse } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { page, limit, from, to, ...filter } = request.query;
    const fromDate = from ? new Date(from) : undefined;
    const toDate = to ? new Date(to) : undefined;
    if (fromDate && toDate && fromDate > toDate) throw new AppError('validation_error', 'تاریخ آغاز باید پیش از تاریخ پایان باشد');
    const { rows, total } = await auditRepo.page(db, { ...filter, from: fromDate, to: toDate }, { page, limit });
    return { entries: rows.map(toEntry), total, page, limit, ...(await auditRepo.facets(db)) };
  });
}
