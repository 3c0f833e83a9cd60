import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { auditLog, type Db } from '@chapar/db';

export type AuditRow = typeof auditLog.$inferSelect;

/** One changed field: `id` names the item when one write changed several (a bulk action). */
export interface AuditChange {
  id?: number | string;
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditActor {
  id: number | null;
  username: string | null;
  role: string | null;
}

export interface AuditEntry {
  actor: AuditActor | null;
  ip?: string | null;
  userAgent?: string | null;
  action: string;
  method?: string;
  route?: string;
  targetType?: string | null;
  targetId?: string | number | null;
  changes?: AuditChange[];
  details?: Record<string, unknown>;
  status?: number;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? eq(auditLog.actorUsername, filter.actor) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lte(auditLog.at, filter.to) : undefined,
  );
}

/** The trail is only ever added to and read; rows leave it only by age (prune). */
export const auditRepo = {
  async insert(db: Db, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values({
      actorId: entry.actor?.id ?? null,
      actorUsername: entry.actor?.username?.slice(0, 64) ?? null,
      actorRole: entry.actor?.role?.slice(0, 16) ?? null,
      ip: entry.ip?.slice(0, 64) ?? null,
      userAgent: entry.userAgent?.slice(0, 300) ?? null,
      action: entry.action.slice(0, 64),
      method: entry.method?.slice(0, 8),
      route: entry.route?.slice(0, 200),
      targetType: entry.targetType?.slice(0, 32) ?? null,
      targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId).slice(0, 80),
      changes: (entry.changes ?? []) as unknown as Array<Record<string, unknown>>,
      details: entry.details ?? {},
      status: entry.status,
    });
  },
  async page(db: Db, filter: AuditFilter, opts: { page: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
    const condition = where(filter);
    const [{ total }] = await db.select({ total: count() }).from(auditLog).where(condition);
    const rows = await db.select().from(auditLog).where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id)).limit(opts.limit).offset((opts.page - 1) * opts.limit);
    return { rows, total };
  },
  /** The people and actions the trail holds, for the screen's filters. */
  async facets(db: Db): Promise<{ actors: string[]; actions: string[] }> {
    const actors = await db.selectDistinct({ v: auditLog.actorUsername }).from(auditLog).where(sql`${auditLog.actorUsername} is not null`).orderBy(auditLog.actorUsername).limit(200);
    const actions = await db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action).limit(200);
    return { actors: actors.map((r) => r.v!), actions: actions.map((r) => r.v) };
  },
  async prune(db: Db, before: Date): Promise<number> {
    const rows = await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
    return rows.length;
  },
};
