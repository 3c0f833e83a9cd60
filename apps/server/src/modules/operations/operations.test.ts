import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationRecord } from '@chapar/shared/contracts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { operationsRepo } from './operations-repo.ts';

let t: IngestTestApp;
const ARTICLES = 1200;

beforeAll(async () => {
  // The request answers at once (202): the runs are followed through the operations list.
  t = await buildIngestTestApp({ adminJobWaitMs: 0 });
  await t.database.raw.query(`insert into articles (slug, title, excerpt, content, published_at)
    select 'bulk-' || g, 'خبر انبوه ' || g, '', '<p>متن خبر انبوه شماره ' || g || ' با جزئیات کامل برای آزمون عملیات طولانی.</p>', now() - (g || ' minutes')::interval
    from generate_series(1, ${ARTICLES}) g`);
});
afterAll(async () => { await t?.close(); });

const list = async (query = '') => {
  const res = await t.get(`/api/admin/operations${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { operations: OperationRecord[] }).operations;
};
const record = async (id: number) => (await t.get(`/api/admin/operations/${id}`)).json() as OperationRecord;
async function until(id: number, done: (op: OperationRecord) => boolean, timeoutMs = 25_000): Promise<OperationRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const op = await record(id);
    if (done(op)) return op;
    if (Date.now() > deadline) throw new Error(`operation ${id} timed out: ${JSON.stringify({ status: op.status, progress: op.progress })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (op: OperationRecord) => op.status === 'success' || op.status === 'error';
/** A bulk repair as an editor starts it: its plan first, then the confirmation; the run's id. */
async function startConfirmed(path: string): Promise<number> {
  const { operationId } = (await t.post(path)).json() as { operationId: number };
  const planned = await until(operationId, (op) => op.status === 'awaiting');
  expect(planned.plan?.changes).toBeGreaterThan(0);
  expect((await t.post(`/api/admin/operations/${operationId}/confirm`)).statusCode).toBe(202);
  return operationId;
}

describe('operations', () => {
  it('lists a started run at once, and filters by kind', async () => {
    const res = await t.post('/api/admin/add-2-simple-posts');
    expect(res.statusCode).toBe(202);
    const { operationId } = res.json() as { operationId: number };
    const ops = await list();
    expect(ops[0]).toMatchObject({ id: operationId, name: 'add-2-simple-posts', cancelRequested: false });
    expect(['idle', 'running', 'success']).toContain(ops[0].status);
    const done = await until(operationId, finished);
    expect(done.progress).toBe(100);
    // Success, or an error that names how many of its posts failed: never a silent partial success.
    if (done.status === 'error') expect(done.errors.join('\n')).toMatch(/[۰-۹]+ مورد ناموفق بود/);
    else expect(done.status).toBe('success');
    expect(done.endTime).not.toBeNull();
    expect((await list('?name=add-2-simple-posts')).map((o) => o.id)).toEqual([operationId]);
    expect(await list('?name=fix-excerpts')).toEqual([]);
    expect((await t.get('/api/admin/operations?name=a%20b')).statusCode).toBe(400);
  });

  it('moves a long full-scope repair along and stops it when cancelled', async () => {
    const operationId = await startConfirmed('/api/admin/fix-excerpts');
    const moving = await until(operationId, (op) => op.progress >= 10 && op.status === 'running');
    // The preview looked at the whole scope; the confirmed run works on the changes it listed (at most ۵۰۰).
    expect(moving.logs.join('\n')).toMatch(/۱۲[۰-۹]{2} مقاله بررسی می‌شود/);
    expect(moving.logs.join('\n')).toContain('۵۰۰ مقالهٔ پیش‌نمایش اصلاح می‌شود');
    const cancel = await t.post(`/api/admin/operations/${operationId}/cancel`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ id: operationId, cancelRequested: true });
    const stopped = await until(operationId, finished);
    expect(stopped.status).toBe('error');
    expect(stopped.results).toMatchObject({ cancelled: true });
    expect(stopped.progress).toBeLessThan(100);
    expect(stopped.errors.at(-1)).toContain('عملیات به درخواست مدیر لغو شد');
    // It stopped where it was: the bar stays, no article is touched after the stop.
    expect(stopped.logs.some((line) => /مقالهٔ [۰-۹]+: /.test(line))).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    const later = await record(operationId);
    expect(later.progress).toBe(stopped.progress);
    expect(later.logs.length).toBe(stopped.logs.length);
    // A finished run cannot be cancelled again.
    const again = await t.post(`/api/admin/operations/${operationId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe('این عملیات پایان یافته است و لغو نمی‌شود');
  });

  it('runs a full repair over more articles than one page to its end', { timeout: 120_000 }, async () => {
    const operationId = await startConfirmed('/api/admin/fix-excerpts');
    // The preview read every page of the scope; its exact plan lists the first ۵۰۰ changes and counts the rest for a later run.
    const plan = (await record(operationId)).plan!;
    expect(plan).toMatchObject({ exact: true, looked: ARTICLES + 2, changes: 500 });
    expect(plan.beyond).toBeGreaterThan(0);
    const done = await until(operationId, finished, 120_000);
    expect(done.status).toBe('success');
    expect(done.progress).toBe(100);
    expect(done.results).toMatchObject({ total: 500, updated: 500, failed: 0 });
  });

  it('reports a run whose items partly failed as an error with its counts, never a success', async () => {
    // 997–999 are not on the channel.
    const res = await t.post('/api/admin/process-posts-range', { startId: 997, endId: 999, options: { extractImages: false } });
    const first = res.json() as { operationId: number };
    const missingOnly = await until(first.operationId, finished);
    expect(missingOnly.status).toBe('error');
    // 106 is on the channel; 107 is taken off it: one post processed, one failed.
    t.server.remove(107);
    const partly = await t.post('/api/admin/process-posts-range', { startId: 106, endId: 107, options: { extractImages: false } });
    const op = await until((partly.json() as { operationId: number }).operationId, finished);
    expect(op.results).toMatchObject({ requested: 2, processed: 1, failed: 1 });
    expect(op.status).toBe('error');
    expect(op.progress).toBe(100);
    expect(op.errors.join('\n')).toContain('۱ مورد ناموفق بود');
    expect(missingOnly.results).toMatchObject({ failed: 3 });
    expect(missingOnly.errors.join('\n')).toContain('۳ مورد ناموفق بود');
    expect(missingOnly.progress).toBe(100);
  });

  it('cancels a queued run at once and refuses unknown ids', async () => {
    // A record no worker has taken yet ends at the cancel, and a worker that takes it later does nothing.
    const queued = await operationsRepo.create(t.database.db, { kind: 'fix-excerpts', params: {} });
    const res = await t.post(`/api/admin/operations/${queued.id}/cancel`);
    expect(res.json()).toMatchObject({ id: queued.id, status: 'error', cancelRequested: true, results: { cancelled: true } });
    expect(await operationsRepo.start(t.database.db, queued.id)).toBe(false);
    expect((await record(queued.id)).status).toBe('error');
    expect((await t.post('/api/admin/operations/999999/cancel')).statusCode).toBe(404);
    expect((await t.post('/api/admin/operations/abc/cancel')).statusCode).toBe(400);
  });

  it('clears finished runs only', async () => {
    const operationId = await startConfirmed('/api/admin/fix-excerpts');
    await until(operationId, (op) => op.status === 'running');
    const busy = await t.app.inject({ method: 'DELETE', url: `/api/admin/operations/${operationId}`, headers: t.headers });
    expect(busy.statusCode).toBe(409);
    const finishedBefore = (await list()).filter((o) => o.id !== operationId);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/operations', headers: t.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { cleared: number; message: string };
    // Runs whose changes can still be undone stay; the rest go.
    const keep = finishedBefore.filter((o) => o.undoable > 0).map((o) => o.id);
    expect(body.cleared).toBe(finishedBefore.length - keep.length);
    expect(body.cleared).toBeGreaterThanOrEqual(3);
    const left = await list();
    expect(left.map((o) => o.id).sort()).toEqual([operationId, ...keep].sort());
    await t.post(`/api/admin/operations/${operationId}/cancel`);
    await until(operationId, finished);
    // Without the CSRF token nothing is cleared.
    const forged = await t.app.inject({ method: 'DELETE', url: '/api/admin/operations', headers: { cookie: t.headers.cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await list()).length).toBe(1 + keep.length);
  });
});
