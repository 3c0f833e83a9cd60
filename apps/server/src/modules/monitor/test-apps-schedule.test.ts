// A test app with a worker never ingests on the monitor's schedule by itself: the schedule
// fires at every tenth minute of the clock, and a test that crossed one would find the whole
// channel ingested in the middle of what it counts (AI requests, posts, articles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChannelsWorker } from '../../jobs/check-channels.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../../testing/ingest-test-app.ts';
import { operationReporter } from '../operations/operation-reporter.ts';

let t: IngestTestApp;
beforeAll(async () => { t = await buildIngestTestApp(); });
afterAll(async () => { await t?.close(); });

describe('the monitor schedule in test apps', () => {
  it('is off unless a test turns it on: a scheduled check does nothing, an admin\'s check still runs', async () => {
    const run = (trigger: 'schedule' | 'admin') => checkChannelsWorker.handler({ trigger }, {
      services: t.app.ingest, job: { id: 'x', retryCount: 0, finalAttempt: true }, operation: operationReporter(t.database.db, null, t.app.ingest.log),
    });
    expect(await run('schedule')).toEqual({ skipped: 'monitor stopped' });
    const posts = async () => (await t.database.raw.query<{ n: number }>('select count(*)::int as n from telegram_posts')).rows[0].n;
    expect(await posts()).toBe(0);
    expect((await t.get('/api/admin/auto-monitor/status')).json()).toMatchObject({ isMonitoring: false });
    const res = await t.post('/api/admin/auto-monitor/force-check');
    expect(res.json()).toMatchObject({ result: { newPosts: 18 } });
    expect(await posts()).toBeGreaterThan(0);
  });
});
