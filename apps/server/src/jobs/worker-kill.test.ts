// A worker killed in the middle of a post (no graceful stop: its process, its connection
// and its handler simply gone) does not hold the post for the job's expiry: its claim
// stops being renewed, and another worker retries the post within seconds (short timings
// here; under a minute with the defaults). A slow post whose worker lives keeps renewing
// its claim and is never run a second time meanwhile.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rewriter } from '../integrations/ai/index.ts';
import { checkAllChannels } from '../modules/ingest/check-all.ts';
import { ingestPost } from '../modules/ingest/ingest-post.ts';
import { createServices, type Services } from '../services.ts';
import { buildIngestTestApp, type IngestTestApp } from '../../testing/ingest-test-app.ts';
import { ingestPostJob } from './specs.ts';
import { bossDbAdapter, type BossDb } from './pg-boss-adapter.ts';
import { JobQueue } from './queue.ts';
import { startWorker } from './registry.ts';

const HEARTBEAT_SECONDS = 10;
let t: IngestTestApp;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface TestWorker {
  services: Services;
  /** Rewrites this worker started. */
  calls: number[];
  /** Cuts the worker off from the database, as a killed process is: nothing it does lands. */
  kill(): void;
}

/** A worker as a separate process runs it: its own pg-boss on the same database, a rewriter that takes `rewriteMs`. */
function worker(rewriteMs: number): TestWorker {
  const services = createServices({ config: { ...t.config, worker: true }, database: t.database, log: quiet });
  let dead = false;
  const live = bossDbAdapter(t.database);
  const bossDb: BossDb = {
    executeSql: (text, values) => (dead ? Promise.reject(new Error('connection terminated')) : live.executeSql(text, values)),
  };
  const c = services.config;
  services.jobs = new JobQueue({
    database: t.database, worker: true, expireInSeconds: c.jobExpireSeconds, retryDelaySeconds: c.jobRetryDelaySeconds,
    heartbeatSeconds: c.jobHeartbeatSeconds, superviseSeconds: c.jobSuperviseSeconds, bossDb, onError: () => undefined,
  });
  const calls: number[] = [];
  const offline = services.offlineRewriter;
  const rewriter: Rewriter = {
    name: 'offline',
    rewrite: async (input) => {
      calls.push(Date.now());
      // A killed worker's handler never comes back.
      if (rewriteMs === Infinity) return new Promise<never>(() => undefined);
      await sleep(rewriteMs);
      return offline.rewrite(input);
    },
    regenerateField: (input) => offline.regenerateField(input),
  };
  services.rewriter = rewriter;
  return { services, calls, kill: () => { dead = true; } };
}

const one = async <T>(sql: string, params: unknown[] = []) => (await t.database.raw.query<T>(sql, params)).rows[0];
const jobOf = (telegramId: number) => one<{ state: string; retry_count: number } | undefined>(
  "select state::text as state, retry_count from pgboss.job where name = 'ingest-post' and data->>'telegramId' = $1 order by created_on desc limit 1", [String(telegramId)]);
const articles = async (telegramId: number) => (await one<{ n: number }>('select count(*)::int as n from articles where telegram_id = $1', [telegramId])).n;

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  t = await buildIngestTestApp({
    // The app runs no worker: the workers below do the work. The monitor's schedule stays off.
    worker: false, monitorAutostart: false,
    jobHeartbeatSeconds: HEARTBEAT_SECONDS, jobSuperviseSeconds: 1, jobRetryDelaySeconds: 1,
  });
  // The channel's posts stored, as a check of the channel leaves them.
  const reader = createServices({ config: t.config, database: t.database, log: quiet });
  expect((await checkAllChannels(reader)).toProcess.length).toBeGreaterThan(10);
});
afterAll(async () => { await t?.close(); });

describe('a worker killed in the middle of a post', () => {
  it('gives the post to another worker within seconds, and the post becomes one article', async () => {
    const killed = worker(Infinity);
    await killed.services.jobs.send(ingestPostJob, { source: 'akhbar_rooz', telegramId: 102 });
    await startWorker(killed.services);
    await until('the first worker to start the post', async () => killed.calls.length === 1, 20_000);
    expect(await jobOf(102)).toMatchObject({ state: 'active' });
    killed.kill();
    const killedAt = Date.now();

    const next = worker(0);
    await startWorker(next.services);
    await until('the post to be published', async () => (await jobOf(102))?.state === 'completed', 60_000);
    const tookMs = Date.now() - killedAt;
    // Stale after one heartbeat, seen at the next supervision, retried after the retry delay.
    expect(tookMs).toBeLessThan((HEARTBEAT_SECONDS + 8) * 1000);
    expect(tookMs).toBeGreaterThan(HEARTBEAT_SECONDS * 500);
    expect(next.calls).toHaveLength(1);
    expect(await jobOf(102)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(await articles(102)).toBe(1);
    expect(await one('select state from telegram_posts where telegram_id = 102')).toEqual({ state: 'published' });

    await next.services.jobs.stop();
    await killed.services.jobs.stop({ graceful: false, timeoutMs: 500 }).catch(() => undefined);
  }, 90_000);
});

describe('a slow post whose worker lives', () => {
  it('runs once, however long past the heartbeat it takes, while another worker supervises', async () => {
    const slowMs = (HEARTBEAT_SECONDS * 2 + 3) * 1000;
    const slow = worker(slowMs);
    await slow.services.jobs.send(ingestPostJob, { source: 'akhbar_rooz', telegramId: 106 });
    await startWorker(slow.services);
    await until('the slow worker to start the post', async () => slow.calls.length === 1, 20_000);
    const other = worker(0);
    await startWorker(other.services);

    await until('the slow post to be done', async () => (await jobOf(106))?.state === 'completed', slowMs + 30_000);
    expect(other.calls).toHaveLength(0);
    expect(slow.calls).toHaveLength(1);
    expect(await jobOf(106)).toMatchObject({ state: 'completed', retry_count: 0 });
    expect(await articles(106)).toBe(1);

    await Promise.all([slow.services.jobs.stop(), other.services.jobs.stop()]);
  }, 90_000);
});

describe('a run that lost its hold on the post', () => {
  it('writes no article and leaves the post\'s state to the run that has it now', async () => {
    const s = createServices({ config: t.config, database: t.database, log: quiet });
    await t.database.raw.query("update telegram_posts set state = 'new' where telegram_id = 110");
    const claim = new AbortController();
    const offline = s.offlineRewriter;
    // The claim is lost while the text is being written (another worker took the post over).
    s.rewriter = { ...offline, name: 'offline', rewrite: async (input) => { claim.abort(new Error('claim lost')); return offline.rewrite(input); } };
    await expect(ingestPost(s, { source: 'akhbar_rooz', telegramId: 110 }, { claim: claim.signal })).rejects.toThrow('claim lost');
    expect(await articles(110)).toBe(0);
    expect(await one('select state from telegram_posts where telegram_id = 110')).toEqual({ state: 'processing' });
  });
});
