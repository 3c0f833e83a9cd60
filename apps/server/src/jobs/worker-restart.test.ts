// Killing the worker in the middle of a batch loses nothing and duplicates nothing: the
// interrupted jobs go back to the queue, a new worker on the same database takes them,
// and the (source, telegramId) key keeps every post to one article.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rewriter } from '../integrations/ai/index.ts';
import { checkAllChannels } from '../modules/ingest/check-all.ts';
import { createServices, type Services } from '../services.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../testing/ingest-test-app.ts';
import { ingestPostJob } from './specs.ts';
import { startWorker } from './registry.ts';

let t: IngestTestApp;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** When each rewrite that has not yet returned began (ms since the epoch). */
const rewritesInFlight = new Map<symbol, number>();

/** A worker as a separate process would run it: its own pg-boss instance on the same database. */
function workerServices(slowMs: number): Services {
  const s = createServices({ config: { ...t.config, worker: true, ingestConcurrency: 3 }, database: t.database, log: quiet });
  const offline = s.offlineRewriter;
  const slow: Rewriter = {
    name: 'offline',
    rewrite: async (input) => {
      const call = Symbol('rewrite');
      rewritesInFlight.set(call, Date.now());
      try { await sleep(slowMs); } finally { rewritesInFlight.delete(call); }
      return offline.rewrite(input);
    },
    regenerateField: (input) => offline.regenerateField(input),
  };
  s.rewriter = slow;
  return s;
}

const count = async (sql: string) => (await t.database.raw.query<{ n: number }>(sql)).rows[0].n;

beforeAll(async () => {
  // The app itself runs no worker here: the two workers below do all the work.
  t = await buildIngestTestApp({ worker: false });
});
afterAll(async () => { await t?.close(); });

describe('a worker stopped mid-batch', () => {
  it('hands its jobs to the next worker; every post ends up processed exactly once', async () => {
    const first = workerServices(400);
    await startWorker(first);
    const check = await checkAllChannels(first);
    expect(check.toProcess).toHaveLength(18);
    await first.jobs.sendMany(ingestPostJob, check.toProcess);

    // Wait until the first worker is in the middle: an article made, and a job just begun in its
    // handler (so the stop below surely interrupts it; between two batches nothing is running).
    const justBegun = () => [...rewritesInFlight.values()].some((began) => Date.now() - began < 150);
    for (let i = 0; i < 400 && !((await count('select count(*)::int as n from articles')) > 0 && justBegun()); i++) await sleep(10);
    expect(justBegun()).toBe(true);
    const madeBefore = await count('select count(*)::int as n from articles');
    expect(madeBefore).toBeGreaterThan(0);
    expect(madeBefore).toBeLessThan(17);
    await first.jobs.stop({ graceful: false });

    const second = workerServices(0);
    await startWorker(second);
    const settled = "select count(*)::int as n from telegram_posts where state in ('published', 'ignored')";
    for (let i = 0; i < 600 && (await count(settled)) < 18; i++) await sleep(50);
    // Jobs the first worker had running were failed back and are done by now too.
    for (let i = 0; i < 600 && (await count("select count(*)::int as n from pgboss.job where name = 'ingest-post' and state in ('created', 'retry', 'active')")) > 0; i++) await sleep(50);
    await second.jobs.stop();

    expect(await count(settled)).toBe(18);
    expect(await count('select count(*)::int as n from articles')).toBe(17);
    expect(await count('select count(*)::int as n from (select source, telegram_id from articles group by 1, 2 having count(*) > 1) d')).toBe(0);
    expect(await count("select count(*)::int as n from ignored_posts")).toBe(1);
    expect(await count('select count(*)::int as n from media_assets where article_id is null')).toBe(0);
    expect(await count("select count(*)::int as n from pgboss.job where name = 'ingest-post' and state = 'failed'")).toBe(0);
    // Some jobs really were interrupted and retried, not merely left unstarted.
    expect(await count("select count(*)::int as n from pgboss.job where name = 'ingest-post' and retry_count > 0")).toBeGreaterThan(0);
  });
});
