// Issue 32's fault test for mail: an SMTP server that accepts the connection and never answers,
// and one that hangs once a message's data has arrived. Every request answers within its deadline,
// each send is recorded failed with a Persian reason within the message deadline, the queue tries
// again, and no address gets a digest twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newsletterDigests, newsletterSends } from '@chapar/db';
import type { SystemHealth } from '@chapar/shared/contracts';
import { createMailer } from '../../integrations/mail/index.ts';
import { newsletterSendJob } from '../../jobs/specs.ts';
import { startSilentSmtpServer, type SilentServer } from '../../../testing/smtp-test-server.ts';
import { addRankedArticles, addSubscriber, buildNewsletterTestApp, until, type NewsletterTestApp } from '../../../testing/newsletter-test-app.ts';
import { createDigest } from './create-digest.ts';

const TIMEOUT_MS = 1000;
const READERS = ['first@example.com', 'second@example.com', 'third@example.com'];

async function seedReaders(t: NewsletterTestApp) {
  await addRankedArticles(t.database, ['خبر مهم امروز', 'خبر دوم امروز']);
  for (const email of READERS) await addSubscriber(t.database, email);
}
const sendsOf = (t: NewsletterTestApp, digestId: number) => t.database.db.select().from(newsletterSends).where(eq(newsletterSends.digestId, digestId)).orderBy(newsletterSends.id);
const digestsOf = (t: NewsletterTestApp) => t.database.db.select().from(newsletterDigests);
const jobOf = async (t: NewsletterTestApp, digestId: number) => (await t.database.raw.query<{ state: string; retry_count: number }>(
  "select state::text as state, retry_count from pgboss.job where name = 'newsletter-send' and data->>'digestId' = $1 order by created_on desc limit 1", [String(digestId)])).rows[0];

describe('an SMTP server that accepts the connection and never answers', () => {
  let t: NewsletterTestApp;
  let silent: SilentServer;
  beforeAll(async () => {
    silent = await startSilentSmtpServer();
    t = await buildNewsletterTestApp({ healthCheckTimeoutMs: 2000 }, () => ({ url: silent.url, timeoutMs: TIMEOUT_MS }));
    await seedReaders(t);
  });
  afterAll(async () => { await t?.close(); await silent?.close(); });

  it('send now answers 503 within its deadline with a Persian reason, and queues nothing', async () => {
    const started = Date.now();
    const res = await t.post('/api/admin/newsletter/send-now');
    const tookMs = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'unavailable', message: expect.stringMatching(/^ارسال خبرنامه آغاز نشد: سرور ایمیل در ۱ ثانیه پاسخ نداد/) });
    expect(tookMs).toBeLessThan(TIMEOUT_MS + 1000);
    expect(await digestsOf(t)).toHaveLength(0);
  });

  it('the health page answers within its deadline and shows the mail service down', async () => {
    const started = Date.now();
    const res = await t.get('/api/admin/system/health');
    expect(Date.now() - started).toBeLessThan(2000 + 1000);
    const mail = (res.json() as SystemHealth).services.find((x) => x.id === 'mail');
    expect(mail).toMatchObject({ status: 'down', service: expect.stringContaining('سرویس ایمیل') });
    expect(mail?.error).toMatch(/پاسخ نداد/);
  });

  it('a digest\'s send is recorded failed with its reason within the deadline, retried by the queue, and sent once when the server answers', async () => {
    const s = t.app.ingest;
    const { digest } = await createDigest(s, { trigger: 'admin', requestedBy: 'test' });
    const queuedAt = Date.now();
    await s.jobs.send(newsletterSendJob, { digestId: digest.id });
    await until('the first send to fail', async () => (await sendsOf(t, digest.id)).some((x) => x.status === 'failed'), 10_000);
    expect(Date.now() - queuedAt).toBeLessThan(TIMEOUT_MS + 4000);
    const [failed, ...rest] = await sendsOf(t, digest.id);
    expect(failed).toMatchObject({ email: READERS[0], status: 'failed', retry: true, bounced: false, attempts: 1 });
    expect(failed.error).toBe('سرور ایمیل در ۱ ثانیه پاسخ نداد — دوباره تلاش می‌شود');
    // The service is down: the run stopped rather than failing every address in turn.
    expect(rest.map((x) => x.status)).toEqual(['queued', 'queued']);
    await until('the queue to retry the job', async () => ((await jobOf(t, digest.id))?.retry_count ?? 0) >= 1, 15_000);

    // The server is back: the next attempt sends every address once.
    s.mailer = createMailer({ ...t.config.mail, url: t.smtp.url, timeoutMs: TIMEOUT_MS });
    await until('the digest to be sent', async () => (await sendsOf(t, digest.id)).every((x) => x.status === 'sent'), 30_000);
    for (const email of READERS) expect(t.smtp.to(email)).toHaveLength(1);
    expect((await sendsOf(t, digest.id))[0]).toMatchObject({ status: 'sent', retry: false, error: null });
    expect(silent.connections).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('an SMTP server that hangs once the message data has arrived', () => {
  let t: NewsletterTestApp;
  beforeAll(async () => {
    t = await buildNewsletterTestApp({}, () => ({ timeoutMs: TIMEOUT_MS }));
    await seedReaders(t);
  });
  afterAll(async () => { await t?.close(); });

  it('records that send failed as unknown within the deadline, never sends it again, and the queue sends the rest once', async () => {
    t.smtp.mode = 'hang-after-data';
    const started = Date.now();
    const res = await t.post('/api/admin/newsletter/send-now');
    // The server greets and logs in: send now queues the digest at once.
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
    const digestId = (res.json() as { result: { digestId: number } }).result.digestId;

    await until('the hung send to be recorded', async () => (await sendsOf(t, digestId)).some((x) => x.status === 'failed'), 10_000);
    const [hung] = await sendsOf(t, digestId);
    expect(hung).toMatchObject({ email: READERS[0], status: 'failed', retry: false, bounced: false });
    expect(hung.error).toMatch(/^سرور ایمیل پس از دریافت متن نامه پاسخی نداد؛ .*دوباره فرستاده نمی‌شود$/);
    expect(t.smtp.hungMessages).toBe(1);

    t.smtp.mode = 'accept';
    await until('the rest to be sent by a retry', async () => (await sendsOf(t, digestId)).filter((x) => x.status === 'sent').length === 2, 30_000);
    expect((await jobOf(t, digestId))?.retry_count).toBeGreaterThanOrEqual(1);
    expect(t.smtp.to(READERS[0])).toHaveLength(0);
    expect(t.smtp.to(READERS[1])).toHaveLength(1);
    expect(t.smtp.to(READERS[2])).toHaveLength(1);
    const [digest] = await t.database.db.select().from(newsletterDigests).where(eq(newsletterDigests.id, digestId));
    await until('the digest to be done', async () => (await t.database.db.select().from(newsletterDigests).where(eq(newsletterDigests.id, digestId)))[0].status === 'done', 10_000);
    expect(digest.articleIds).toHaveLength(2);
  }, 60_000);
});
