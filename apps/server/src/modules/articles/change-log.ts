// What a job changed, kept so that an editor can undo it: before a job of an operation first
// writes to an article, the article as it was goes into operation_changes. The operation comes
// from the job's context (run-job.ts runs each handler inside `withOperation`), so every machine
// write (repairs, media tasks, re-ingests) is covered without threading the id through each call.
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { operationChanges, operations, type Db } from '@chapar/db';
import type { ArticleRow } from './article-row.ts';

/** The running job's operation, and its signer once read (one read per run, not per article). */
const current = new AsyncLocalStorage<{ operationId: number; signer?: Promise<string | null> }>();

/** Runs `work` so that the article writes inside it are kept for the operation's undo. */
export function withOperation<T>(operationId: number | null | undefined, work: () => Promise<T>): Promise<T> {
  return operationId ? current.run({ operationId }, work) : work();
}

/** Who stands behind the running job's writes: the editor who confirmed its plan, or who asked for it; null for the schedule. */
export function runSigner(db: Db): Promise<string | null> {
  const store = current.getStore();
  if (!store) return Promise.resolve(null);
  store.signer ??= db.select({ requestedBy: operations.requestedBy, confirmedBy: operations.confirmedBy })
    .from(operations).where(eq(operations.id, store.operationId))
    .then(([row]) => row?.confirmedBy ?? row?.requestedBy ?? null, (error: unknown) => {
      store.signer = undefined; // a failed read is tried again by the next write, not remembered
      throw error;
    });
  return store.signer;
}

/**
 * The fields an undo puts back: everything a machine write may change, derived columns included.
 * Not `featured`: only an editor sets it, and an undo must not take back one set after the run.
 */
const KEPT = [
  'slug', 'title', 'excerpt', 'content', 'metaDescription', 'imageUrl', 'imageAltText', 'videoUrl', 'videoAltText', 'videoPosterUrl',
  'videoDuration', 'category', 'keywords', 'status', 'unpublishedReason', 'unpublishedAt', 'publishedAt', 'readingTime',
  'searchTitle', 'searchBody', 'contentHash', 'imageHash',
] as const satisfies ReadonlyArray<keyof ArticleRow>;
const DATES = new Set<string>(['unpublishedAt', 'publishedAt']);

export type KeptArticle = Pick<ArticleRow, (typeof KEPT)[number]>;

export type KeptField = (typeof KEPT)[number];

function snapshot(row: ArticleRow, fields: readonly KeptField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, row[field] instanceof Date ? (row[field] as Date).toISOString() : row[field]]));
}

export function fromSnapshot(before: Record<string, unknown>): Partial<KeptArticle> {
  return Object.fromEntries(KEPT.filter((f) => f in before).map((f) => [f, DATES.has(f) && before[f] !== null ? new Date(String(before[f])) : before[f]]));
}

/**
 * Keeps `row` as it is now, if a job of an operation is about to change it (the first write wins).
 * A write that changes only some fields keeps only those, so the undo leaves the rest as they are
 * by then (a title edited or an article featured after a bulk unpublish).
 */
export async function keepBefore(db: Db, row: ArticleRow, fields: readonly KeptField[] = KEPT): Promise<void> {
  const operationId = current.getStore()?.operationId;
  if (!operationId) return;
  await db.insert(operationChanges).values({ operationId, articleId: row.id, before: snapshot(row, fields) }).onConflictDoNothing();
}

/** After a job of an operation wrote `row` (as the write returned it): what it left (the last write wins), for the undo. */
export async function keepAfter(db: Db, row: ArticleRow | undefined): Promise<void> {
  const operationId = current.getStore()?.operationId;
  if (!operationId || !row) return;
  await db.update(operationChanges).set({ after: snapshot(row, KEPT) })
    .where(and(eq(operationChanges.operationId, operationId), eq(operationChanges.articleId, row.id)));
}

/**
 * Whether `row` was changed since the job's last write, in a field the undo would put back. A
 * change kept before `after` was recorded has none: it is judged by the time of the run's end.
 */
export function changedSinceRun(row: ArticleRow, change: { before: Record<string, unknown>; after: Record<string, unknown> | null }, runEnd: Date): boolean {
  if (!change.after) return row.updatedAt.getTime() > runEnd.getTime() + SAME_RUN_MS;
  const fields = KEPT.filter((field) => field in change.before);
  const now = snapshot(row, fields);
  return fields.some((field) => JSON.stringify(now[field]) !== JSON.stringify(change.after![field]));
}

/** Columns computed from the others (derived-fields.ts, the text and cover hashes): they follow what is put back. */
const DERIVED = new Set<KeptField>(['slug', 'readingTime', 'searchTitle', 'searchBody', 'imageAltText', 'videoAltText', 'contentHash', 'imageHash']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Fields an undo puts back together or not at all. */
const TOGETHER: ReadonlyArray<readonly KeptField[]> = [
  ['excerpt', 'metaDescription'], ['status', 'unpublishedReason', 'unpublishedAt'], ['videoUrl', 'videoPosterUrl', 'videoDuration'],
];

/**
 * What an undo puts back of a change kept with its `after`: each field the job changed that still
 * holds what the job wrote, nothing else. A field edited since is left as it is now, and named, so an
 * excerpt a job rewrote comes back though the title was edited after the run. Derived columns are
 * not taken from the snapshot: the caller computes them from the fields as they will be. `null`:
 * every field the job changed was edited since.
 */
export function undoPatch(row: ArticleRow, change: { before: Record<string, unknown>; after: Record<string, unknown> }): { patch: Partial<KeptArticle>; editedSince: KeptField[] } | null {
  const byJob = KEPT.filter((field) => !DERIVED.has(field) && field in change.before && field in change.after && !same(change.before[field], change.after[field]));
  const now = snapshot(row, byJob);
  const touched = new Set(byJob.filter((field) => !same(now[field], change.after[field])));
  // Fields that are one thing stay together: an excerpt rewritten since keeps the meta description the job made beside it.
  for (const group of TOGETHER) if (group.some((field) => touched.has(field))) for (const field of group) touched.add(field);
  const intact = byJob.filter((field) => !touched.has(field));
  const editedSince = byJob.filter((field) => touched.has(field));
  if (byJob.length && !intact.length) return null;
  const back = fromSnapshot(Object.fromEntries(intact.map((field) => [field, change.before[field]])));
  // The hashes go back with the text and the cover they were taken from.
  const hashes = {
    ...(intact.includes('content') && 'contentHash' in change.before ? { contentHash: change.before.contentHash as string | null } : {}),
    ...(intact.includes('imageUrl') && 'imageHash' in change.before ? { imageHash: change.before.imageHash as string | null } : {}),
  };
  return { patch: { ...back, ...hashes } as Partial<KeptArticle>, editedSince };
}

/** For changes kept without `after`: writes in the same second as the run's end belong to the run. */
const SAME_RUN_MS = 1_000;

export const changeRepo = {
  async pending(db: Db, operationId: number) {
    return db.select().from(operationChanges).where(and(eq(operationChanges.operationId, operationId), isNull(operationChanges.undoneAt)));
  },
  /** Per operation: how many of its changes are not undone yet. */
  async pendingCounts(db: Db, operationIds: number[]): Promise<Map<number, number>> {
    if (!operationIds.length) return new Map();
    const rows = await db.select({ id: operationChanges.operationId, n: sql<number>`count(*)::int` }).from(operationChanges)
      .where(and(inArray(operationChanges.operationId, operationIds), isNull(operationChanges.undoneAt))).groupBy(operationChanges.operationId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
  async markUndone(db: Db, id: number): Promise<void> {
    await db.update(operationChanges).set({ undoneAt: new Date() }).where(eq(operationChanges.id, id));
  },
};
