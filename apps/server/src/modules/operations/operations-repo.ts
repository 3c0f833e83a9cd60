// Operation records: what an admin asked for, how far it got, what it logged and what
// came of it. Jobs write to them as they work; the admin screens read them.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { operationChanges, operations, type Db } from '@chapar/db';
import type { OperationPlan } from '@chapar/shared/contracts';
import { nothingToConfirm, previewOutcome } from './plans.ts';

export type OperationRow = typeof operations.$inferSelect;
export type OperationStatus = 'queued' | 'running' | 'awaiting' | 'success' | 'error';

/** Logs and errors are capped so a long run never bloats its row. */
const MAX_LINES = 300;

/** How many of a finished run's items failed (the `failed` count its result carries, if any). */
export function failedItems(result: Record<string, unknown> | null | undefined): number {
  const failed = result?.failed;
  return typeof failed === 'number' && Number.isFinite(failed) && failed > 0 ? failed : 0;
}

/**
 * A run that looked at articles and could check none of them (their channel could not be read):
 * nothing failed, and nothing was done either, so it is no success.
 */
export function checkedNothing(result: Record<string, unknown> | null | undefined): boolean {
  const notChecked = result?.notChecked;
  return typeof notChecked === 'number' && notChecked > 0 && notChecked === result?.total;
}

/** The update that appends a timestamped line to a record's logs (or errors), past MAX_LINES dropped. */
function logLine(line: string, isError: boolean) {
  const column = isError ? operations.errors : operations.logs;
  const entry = JSON.stringify([`${new Date().toISOString()} ${line}`]);
  const value = sql`case when jsonb_array_length(${column}) < ${MAX_LINES} then ${column} || ${entry}::jsonb else ${column} end`;
  return isError ? { errors: value } : { logs: value };
}

export const operationsRepo = {
  /** A record made 'awaiting' with a plan that has nothing to confirm is made finished instead (finishPreview). */
  async create(db: Db, input: { kind: string; job?: string | null; params: Record<string, unknown>; requestedBy?: string | null; status?: OperationStatus; plan?: Record<string, unknown> }): Promise<OperationRow> {
    const ends = input.status === 'awaiting' && input.plan && nothingToConfirm(input.plan as OperationPlan) ? input.plan : null;
    const [row] = await db.insert(operations).values({
      kind: input.kind, job: input.job ?? null, params: input.params, requestedBy: input.requestedBy ?? null, status: ends ? 'running' : input.status ?? 'queued', plan: input.plan ?? null,
      ...(input.status === 'awaiting' ? { progress: 100, finishedAt: new Date() } : {}),
    }).returning();
    return ends ? this.finishPreview(db, row.id, row.kind, ends) : row;
  },
  /** A plan is ready: nothing has changed; the record waits for an editor's confirmation (or, with nothing to confirm, ends). */
  async awaitConfirmation(db: Db, id: number, plan: Record<string, unknown>): Promise<void> {
    if (nothingToConfirm(plan as OperationPlan)) {
      const [row] = await db.select({ kind: operations.kind }).from(operations).where(eq(operations.id, id));
      if (row) await this.finishPreview(db, id, row.kind, plan);
      return;
    }
    await db.update(operations).set({ status: 'awaiting', plan, progress: 100, finishedAt: new Date() }).where(eq(operations.id, id));
  },
  /** A preview with nothing to confirm ends at once: a success or (nothing could be checked) an error, its message logged. */
  async finishPreview(db: Db, id: number, kind: string, plan: Record<string, unknown>): Promise<OperationRow> {
    const { status, message, result } = previewOutcome(kind, plan as OperationPlan);
    const [row] = await db.update(operations).set({ status, plan, result, progress: 100, finishedAt: new Date(), ...logLine(message, status === 'error') })
      .where(eq(operations.id, id)).returning();
    return row;
  },
  /** A preview that ended at once with nothing to confirm (awaitConfirmation): never confirmed, never waiting. */
  isFinishedPreview(row: Pick<OperationRow, 'plan' | 'result' | 'confirmedAt' | 'status'>): boolean {
    return row.plan !== null && row.confirmedAt === null && row.result?.preview === true && (row.status === 'success' || row.status === 'error');
  },
  /** An editor confirmed the plan: the record runs again. False when it was not waiting (confirmed twice, cancelled). */
  async confirm(db: Db, id: number, by: string | null): Promise<boolean> {
    const rows = await db.update(operations)
      .set({ status: 'queued', confirmedBy: by, confirmedAt: new Date(), progress: 0, finishedAt: null, result: null })
      .where(and(eq(operations.id, id), eq(operations.status, 'awaiting'))).returning({ id: operations.id });
    return rows.length > 0;
  },
  /** A confirmed plan whose job could not be queued: it waits for the editor again, as it was. */
  async unconfirm(db: Db, id: number, line: string): Promise<void> {
    await db.update(operations).set({ status: 'awaiting', confirmedBy: null, confirmedAt: null, progress: 100, finishedAt: new Date(), ...logLine(line, true) })
      .where(and(eq(operations.id, id), eq(operations.status, 'queued')));
  },
  /** A run whose job could not be queued: it ends as an error that says so, not 'queued' for good. */
  async notQueued(db: Db, id: number, line: string): Promise<void> {
    await db.update(operations).set({ status: 'error', finishedAt: new Date(), ...logLine(line, true) })
      .where(and(eq(operations.id, id), eq(operations.status, 'queued')));
  },
  /** Articles that plans of this kind, still awaiting confirmation, already list. */
  async awaitingArticleIds(db: Db, kind: string): Promise<Set<number>> {
    const rows = await db.select({ plan: operations.plan }).from(operations).where(and(eq(operations.kind, kind), eq(operations.status, 'awaiting')));
    return new Set(rows.flatMap((r) => ((r.plan?.items as Array<{ articleId: number }> | undefined) ?? []).map((i) => i.articleId)));
  },
  async markUndone(db: Db, id: number, by: string | null): Promise<void> {
    await db.update(operations).set({ undoneBy: by, undoneAt: new Date() }).where(eq(operations.id, id));
  },
  async get(db: Db, id: number): Promise<OperationRow | undefined> {
    const [row] = await db.select().from(operations).where(eq(operations.id, id));
    return row;
  },
  async list(db: Db, opts: { limit: number; status?: OperationStatus; kind?: string }): Promise<OperationRow[]> {
    const where = [...(opts.status ? [eq(operations.status, opts.status)] : []), ...(opts.kind ? [eq(operations.kind, opts.kind)] : [])];
    return db.select().from(operations).where(where.length ? and(...where) : undefined).orderBy(desc(operations.id)).limit(opts.limit);
  },
  /** Marks the run started; false when it was cancelled (or finished) before a worker took it. */
  async start(db: Db, id: number): Promise<boolean> {
    const rows = await db.update(operations).set({ status: 'running', startedAt: sql`coalesce(${operations.startedAt}, now())`, progress: sql`greatest(${operations.progress}, 5)` })
      .where(and(eq(operations.id, id), inArray(operations.status, ['queued', 'running']), isNull(operations.cancelRequestedAt)))
      .returning({ id: operations.id });
    return rows.length > 0;
  },
  /**
   * An admin's cancel: a queued run (or a plan awaiting confirmation) ends at once; a running one is
   * flagged and its job stops at its next item. Undefined when there is no such record.
   */
  async requestCancel(db: Db, id: number, line: string): Promise<OperationRow | undefined> {
    const entry = JSON.stringify([`${new Date().toISOString()} ${line}`]);
    await db.update(operations).set({
      cancelRequestedAt: sql`coalesce(${operations.cancelRequestedAt}, now())`,
      status: sql`case when ${operations.status} in ('queued', 'awaiting') then 'error' else ${operations.status} end`,
      finishedAt: sql`case when ${operations.status} in ('queued', 'awaiting') then now() else ${operations.finishedAt} end`,
      result: sql`case when ${operations.status} in ('queued', 'awaiting') then '{"cancelled":true}'::jsonb else ${operations.result} end`,
      errors: sql`case when ${operations.status} in ('queued', 'awaiting') then ${operations.errors} || ${entry}::jsonb else ${operations.errors} end`,
    }).where(and(eq(operations.id, id), inArray(operations.status, ['queued', 'running', 'awaiting'])));
    return this.get(db, id);
  },
  async cancelRequested(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ at: operations.cancelRequestedAt }).from(operations).where(eq(operations.id, id));
    return Boolean(row?.at);
  },
  /**
   * Removes finished records (all of them, or the given one); running and queued ones stay, and so
   * do finished ones whose changes an undo can still put back (undone or not, their trail stays).
   */
  async clearFinished(db: Db, id?: number): Promise<number> {
    const undoable = sql`exists (select 1 from ${operationChanges} c where c.operation_id = ${operations.id} and c.undone_at is null)`;
    const finished = and(inArray(operations.status, ['success', 'error']), sql`not ${undoable}`);
    const rows = await db.delete(operations).where(id === undefined ? finished : and(finished, eq(operations.id, id))).returning({ id: operations.id });
    return rows.length;
  },
  async progress(db: Db, id: number, progress: number): Promise<void> {
    await db.update(operations).set({ progress: Math.max(0, Math.min(99, Math.round(progress))) }).where(eq(operations.id, id));
  },
  async log(db: Db, id: number, line: string, isError = false): Promise<void> {
    await db.update(operations).set(logLine(line, isError)).where(eq(operations.id, id));
  },
  /**
   * Brings a finished record up to date with how work that outlives its job ended (a digest's mail):
   * `result` merged over the job's own and `line` logged, in one write, only while the record is
   * finished, not cancelled, and its result's `status` is none of `ended`. So of two runs that settle
   * it at once one writes, and an end once written stays. False when nothing was written.
   */
  async settleFinished(db: Db, id: number, status: 'success' | 'error', result: Record<string, unknown>, line: string, ended: string[]): Promise<boolean> {
    const rows = await db.update(operations)
      .set({ status, result: sql`coalesce(${operations.result}, '{}'::jsonb) || ${JSON.stringify(result)}::jsonb`, progress: 100, finishedAt: new Date(), ...logLine(line, status === 'error') })
      .where(and(
        eq(operations.id, id), inArray(operations.status, ['success', 'error']),
        sql`not coalesce(${operations.result} @> '{"cancelled":true}'::jsonb, false)`,
        sql`coalesce(${operations.result}->>'status', '') not in (${sql.join(ended.map((value) => sql`${value}`), sql`, `)})`,
      ))
      .returning({ id: operations.id });
    return rows.length > 0;
  },
  /** `completed`: the run went to its end (some items may have failed); progress is then 100. */
  async finish(db: Db, id: number, status: 'success' | 'error', result: Record<string, unknown> | null, opts: { completed?: boolean } = {}): Promise<void> {
    const completed = opts.completed ?? status === 'success';
    await db.update(operations).set({ status, result, progress: completed ? 100 : sql`${operations.progress}`, finishedAt: new Date() })
      .where(eq(operations.id, id));
  },
};
