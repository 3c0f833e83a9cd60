// A job that could not be put in the queue (pg-boss's table locked past the statement limit, the
// server gone): the request answers the failure, and the operation's record says what happened.
// A run ends as an error that says it never ran, not 'queued' for good; a confirmed plan waits
// for the editor again, so the confirmation can simply be given once more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@chapar/db/testing';
import type { Database } from '@chapar/db';
import { repairArticlesJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { confirmOperation } from './confirm-operation.ts';
import { operationsRepo } from './operations-repo.ts';
import { CONFIRM_NOT_QUEUED, NOT_QUEUED, runOperation } from './run-operation.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

const refused = new Error('canceling statement due to statement timeout');
/** The services a run needs, with a queue whose sends fail as a locked pg-boss table makes them. */
const services = (send: () => Promise<string>) =>
  ({ config: { adminJobWaitMs: 1 }, db: database.db, jobs: { send } }) as unknown as Pick<Services, 'config' | 'db' | 'jobs'>;
const failing = () => services(() => Promise.reject(refused));

describe('a job that could not be queued', () => {
  it('ends its run as an error that says it never ran, and the request gets the failure', async () => {
    await expect(runOperation(failing(), repairArticlesJob, { filter: 'all' }, { kind: 'fix-excerpts', requestedBy: 'admin' })).rejects.toBe(refused);
    const [row] = await operationsRepo.list(database.db, { limit: 1 });
    expect(row).toMatchObject({ kind: 'fix-excerpts', status: 'error' });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.errors.at(-1)).toContain(NOT_QUEUED);
  });

  it('leaves a confirmed plan waiting for the editor again, and a second confirmation sends it', async () => {
    const plan = { exact: true, looked: 1, changes: 1, items: [{ articleId: 1, change: 'fixed' }] };
    const created = await operationsRepo.create(database.db, { kind: 'fix-excerpts', job: repairArticlesJob.name, params: { filter: 'all' }, requestedBy: 'admin' });
    await operationsRepo.awaitConfirmation(database.db, created.id, plan);

    await expect(confirmOperation(failing(), created.id, {}, 'editor')).rejects.toBe(refused);
    const waiting = await operationsRepo.get(database.db, created.id);
    expect(waiting).toMatchObject({ status: 'awaiting', confirmedBy: null, confirmedAt: null, progress: 100 });
    expect(waiting!.errors.at(-1)).toContain(CONFIRM_NOT_QUEUED);

    const sent: unknown[] = [];
    const working = services(async () => { sent.push(true); return 'job-1'; });
    const outcome = await confirmOperation(working, created.id, {}, 'editor');
    expect(sent).toHaveLength(1);
    expect(outcome.operation).toMatchObject({ status: 'queued', confirmedBy: 'editor' });
  });
});
