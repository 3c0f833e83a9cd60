// Operation records: what an admin asked for, how far it got, what it logged and what
// came of it. Jobs write to them as they work; the admin screens read them.
import { desc, eq, sql } from 'drizzle-orm';
import { operations, type Db } from '@chapar/db';

export type OperationRow = typeof operations.$inferSelect;
export type OperationStatus = 'queued' | 'running' | 'success' | 'error';

/** Logs and errors are capped so a long run never bloats its row. */
const MAX_LINES = 300;

/** How many of a finished run's items failed (the `failed` count its result carries, if any). */
export function failedItems(result: Record<string, unknown> | null | undefined): number {
  const failed = result?.failed;
  return typeof failed === 'number' && Number.isFinite(failed) && failed > 0 ? failed : 0;
}

export const operationsRepo = {
  async create(db: Db, input: { kind: string; params: Record<string, unknown>; requestedBy?: string | null }): Promise<OperationRow> {
    const [row] = await db.insert(operations).values({ kind: input.kind, params: input.params, requestedBy: input.requestedBy ?? null }).returning();
    return row;
  },
  async get(db: Db, id: number): Promise<OperationRow | undefined> {
    const [row] = await db.select().from(operations).where(eq(operations.id, id));
    return row;
  },
  async list(db: Db, opts: { limit: number; status?: OperationStatus }): Promise<OperationRow[]> {
    const query = db.select().from(operations);
    const filtered = opts.status ? query.where(eq(operations.status, opts.status)) : query;
    return filtered.orderBy(desc(operations.id)).limit(opts.limit);
  },
  async start(db: Db, id: number): Promise<void> {
    await db.update(operations).set({ status: 'running', startedAt: sql`coalesce(${operations.startedAt}, now())`, progress: sql`greatest(${operations.progress}, 5)` })
      .where(eq(operations.id, id));
  },
  async progress(db: Db, id: number, progress: number): Promise<void> {
    await db.update(operations).set({ progress: Math.max(0, Math.min(99, Math.round(progress))) }).where(eq(operations.id, id));
  },
  async log(db: Db, id: number, line: string, isError = false): Promise<void> {
    const column = isError ? operations.errors : operations.logs;
    const entry = JSON.stringify([`${new Date().toISOString()} ${line}`]);
    const set = isError
      ? { errors: sql`case when jsonb_array_length(${column}) < ${MAX_LINES} then ${column} || ${entry}::jsonb else ${column} end` }
      : { logs: sql`case when jsonb_array_length(${column}) < ${MAX_LINES} then ${column} || ${entry}::jsonb else ${column} end` };
    await db.update(operations).set(set).where(eq(operations.id, id));
  },
  /** `completed`: the run went to its end (some items may have failed); progress is then 100. */
  async finish(db: Db, id: number, status: 'success' | 'error', result: Record<string, unknown> | null, opts: { completed?: boolean } = {}): Promise<void> {
    const completed = opts.completed ?? status === 'success';
    await db.update(operations).set({ status, result, progress: completed ? 100 : sql`${operations.progress}`, finishedAt: new Date() })
      .where(eq(operations.id, id));
  },
};
