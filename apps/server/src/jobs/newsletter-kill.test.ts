// A worker killed in the middle of a digest (as worker-kill.test.ts kills one: its connection
// cut, its handler never coming back), at the worst moment: the SMTP server has taken a message
// and the worker dies before recording it. Another worker takes the job over and sends the rest;
// the message in doubt is not sent again, so every address gets the digest exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterDigests, newsletterSends } from '@chapar/db';
import type { Mailer } from '../integrations/mail/index.ts';
import { createServices, type Services } from '../services.ts';
import { createDigest } from '../modules/newsletter/create-digest.ts';
import { STALE_CLAIM_REASON } from '../modules/newsletter/mail-failure.ts';
import { addRankedArticles, addSubscriber, buildNewsletterTestApp, until, type NewsletterTestApp } from '../../testing/newsletter-test-app.ts';
import { bossDbAdapter, type BossDb } from './pg-boss-adapter.ts';
import { JobQueue } from './queue.ts';
import { startWorker } from './registry.ts';
import { newsletterSendJob } from './specs.ts';

const HEARTBEAT_SECONDS = 10;
const READERS = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com'];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let t: NewsletterTestApp;

interface TestWorker {
  services: Services;
  /** Messages the SMTP server took from this worker. */
  delivered: string[];
  kill(): void;
}

/** A worker as a separate process runs it; `dieAfter`: the message after which it never comes back. */
function worker(dieAfter?: number): TestWorker {
  const services = createServices({ config: { ...t.config, worker: true }, database: t.database, log: quiet });
  let dead = false;
  const live = bossDbAdapter(t.database);
  const bossDb: BossDb = { executeSql: (text, values) => (dead ? Promise.reject(new Error('connection terminated')) : live.executeSql(text, values)) };
  const c = services.config;
  services.jobs = new JobQueue({
    database: t.database, worker: true, expireInSeconds: c.jobExpireSeconds, retryDelaySeconds: c.jobRetryDelaySeconds,
    heartbeatSeconds: c.jobHeartbeatSeconds, superviseSeconds: c.jobSuperviseSeconds, bossDb, onError: () => undefined,
  });
  const real = services.mailer!;
  const delivered: string[] = [];
  const mailer: Mailer = {
    from: real.from,
    server: real.server,
    verify: (signal) => real.verify(signal),
    send: async (mail, signal) => {
      if (dead) return new Promise<never>(() => undefined);
      const receipt = await real.send(mail, signal);
      delivered.push(mail.to);
      // Killed between the server's 250 and the record: the handler never comes back.
      if (delivered.length === dieAfter) return new Promise<never>(() => undefined);
      return receipt;
    },
  };
  services.mailer = mailer;
  return { services, delivered, kill: () => { dead = true; } };
}

const sends = (digestId: number) => t.database.db.select().from(newsletterSends).where(eq(newsletterSends.digestId, digestId)).orderBy(newsletterSends.id);
const jobOf = async (digestId: number) => (await t.database.raw.query<{ state: string; retry_count: number }>(
  "select state::text as state, retry_count from pgboss.job where name = 'newsletter-send' and data->>'digestId' = $1 order by created_on desc limit 1", [String(digestId)])).rows[0];

beforeAll(async () => {
  // The app runs no worker: the workers below do the work.
  t = await buildNewsletterTestApp({ worker: false, jobHeartbeatSeconds: HEARTBEAT_SECONDS, jobSuperviseSeconds: 1, jobRetryDelaySeconds: 1 }, () => ({ timeoutMs: 1000 }));
  await addRankedArticles(t.database, ['خبر نخست', 'خبر دوم']);
  for (const email of READERS) await addSubscriber(t.database, email);
});
afterAll(async () => { await t?.close(); });

describe('a worker killed in the middle of a digest', () => {
  it('another worker sends the rest, and no address gets the digest twice', async () => {
    const killed = worker(3);
    const { digest, recipients } = await createDigest(killed.services, { trigger: 'admin', requestedBy: 'test' });
    expect(recipients).toBe(READERS.length);
    await killed.services.jobs.send(newsletterSendJob, { digestId: digest.id });
    await startWorker(killed.services);
    await until('the third message to be taken by the server', async () => killed.delivered.length === 3, 20_000);
    // The third send is claimed and its mail delivered, but its record never written.
    expect((await sends(digest.id)).map((x) => x.status)).toEqual(['sent', 'sent', 'sending', 'queued', 'queued']);
    killed.kill();

    const next = worker();
    await startWorker(next.services);
    await until('the digest to be done', async () => (await t.database.db.select().from(newsletterDigests).where(eq(newsletterDigests.id, digest.id)))[0].status === 'done', 60_000);

    for (const email of READERS) expect(t.smtp.to(email), email).toHaveLength(1);
    expect(next.delivered).toEqual(READERS.slice(3));
    const rows = await sends(digest.id);
    expect(rows.map((x) => x.status)).toEqual(['sent', 'sent', 'failed', 'sent', 'sent']);
    // Delivered, as far as anyone can tell, but not known to be: recorded so, and never sent again.
    expect(rows[2]).toMatchObject({ email: READERS[2], retry: false, error: STALE_CLAIM_REASON, attempts: 1 });
    // The digest is marked done inside the handler; the queue completes the job once it returns.
    await until('the send job to complete', async () => (await jobOf(digest.id))?.state === 'completed', 10_000);
    expect(await jobOf(digest.id)).toMatchObject({ state: 'completed', retry_count: 1 });

    await next.services.jobs.stop();
    await killed.services.jobs.stop({ graceful: false, timeoutMs: 500 }).catch(() => undefined);
  }, 90_000);
});
