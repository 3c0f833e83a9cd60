// How a digest ends, as the admin sees it: a digest that reached nobody is 'failed', one that
// reached some is done with its failed count, and the 'send now' operation ends with the digest:
// an error (with the counts, in Persian digits) unless every address got it. Whichever of the
// mail's end and the digest job's record comes last writes that, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWithMetadata } from 'pg-boss';
import { newsletterSends } from '@chapar/db';
import type { NewsletterDigestsResponse, OperationRecord, OperationResponse } from '@chapar/shared/contracts';
import type { JobDefinition } from '../../jobs/define-job.ts';
import { newsletterDigestWorker } from '../../jobs/newsletter-digest.ts';
import { batchHandler } from '../../jobs/run-job.ts';
import type { Services } from '../../services.ts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { adminDigestSlot } from './create-digest.ts';
import { digestEnd, settleDigestOperation, settleRecordedDigest } from './digest-outcome.ts';
import { digestRepo, type DigestRow } from './digest-repo.ts';
import { addRankedArticles, addSubscriber, buildNewsletterTestApp, until, type NewsletterTestApp } from '../../../testing/newsletter-test-app.ts';

const READERS = ['first.reader@example.com', 'second.reader@example.com'];
/** What the test server's 451 reads as. */
const BUSY = 'سرور ایمیل فعلاً نپذیرفت (\u2066451 4.3.0 Mail server temporarily busy, try again later\u2069)';
let t: NewsletterTestApp;

beforeAll(async () => {
  t = await buildNewsletterTestApp();
  await addRankedArticles(t.database, ['خبر نخست خبرنامه', 'خبر دوم خبرنامه', 'خبر سوم خبرنامه']);
  for (const email of READERS) await addSubscriber(t.database, email);
});
afterAll(async () => { await t?.close(); });

/** 'Send now', then the digest and its operation once the queue has finished with its mail. */
async function sendNowAndWait() {
  const res = await t.post('/api/admin/newsletter/send-now');
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as OperationResponse & { result: { digestId: number } };
  const digestId = answer.result.digestId;
  const digestOf = async () => ((await t.get('/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse).digests.find((d) => d.id === digestId)!;
  await until('the digest to end', async () => (await digestOf()).status !== 'sending', 90_000);
  const operationOf = async () => (await t.get(`/api/admin/operations/${answer.operationId}`)).json() as OperationRecord;
  // The record is brought up to date once the digest's mail has ended.
  await until('the operation to carry the digest\'s end', async () => (await operationOf()).results?.status !== 'sending', 10_000);
  return { answer, digest: await digestOf(), operation: await operationOf() };
}

describe('the end of a digest', () => {
  it('a digest the mail server deferred (451 after DATA) for every address is failed, and its operation an error with the counts', async () => {
    t.smtp.mode = 'defer-after-data';
    try {
      const { answer, digest, operation } = await sendNowAndWait();
      // Queued; or, when the server's first refusal came before the answer, waiting for a retry.
      expect(answer.message).toMatch(/^(خبرنامه برای ۲ نشانی در صف ارسال قرار گرفت|ارسال خبرنامه در انتظار تلاش دوباره است: .*)$/);
      expect(digest).toMatchObject({ status: 'failed', finishedAt: expect.any(String), counts: { total: 2, queued: 0, sending: 0, sent: 0, failed: 2, bounced: 0 } });
      expect(t.smtp.deferredMessages).toBeGreaterThanOrEqual(2);
      expect(t.smtp.received).toHaveLength(0);
      expect(operation).toMatchObject({ status: 'error', progress: 100, endTime: expect.any(String) });
      const none = `خبرنامه به هیچ نشانی نرسید: ۰ از ۲ نشانی فرستاده شد، ۲ ناموفق؛ ${BUSY}`;
      expect(operation.results).toMatchObject({ digestId: digest.id, status: 'failed', total: 2, sent: 0, failed: 2, awaitingRetry: 0, message: none });
      expect(operation.errors.some((line) => line.endsWith(` ${none}`))).toBe(true);
      expect(digest.failureReason).toBe(BUSY);
    } finally {
      t.smtp.mode = 'accept';
    }
  }, 120_000);

  it('while the mail server refuses and the queue will try again, the operation and the page say so with why; nothing counts as sent until it goes', async () => {
    const before = t.smtp.received.length;
    t.smtp.mode = 'defer-after-data';
    let accepting = false;
    try {
      const res = await t.post('/api/admin/newsletter/send-now');
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as OperationResponse & { result: { digestId: number } };
      const digestOf = async () => ((await t.get('/api/admin/newsletter/digests')).json() as NewsletterDigestsResponse).digests.find((d) => d.id === answer.result.digestId)!;
      const operationOf = async () => (await t.get(`/api/admin/operations/${answer.operationId}`)).json() as OperationRecord;
      await until('the first refusal', async () => (await digestOf()).counts.retrying > 0, 10_000);
      const waiting = await digestOf();
      expect(waiting).toMatchObject({ status: 'sending', counts: { total: 2, sent: 0, failed: 0, retrying: 1, queued: 1 } });
      expect(waiting.failureReason).toBe(`${BUSY} — دوباره تلاش می‌شود`);
      // Never a success while no address has its mail: an error naming the counts and the server's answer.
      const message = `ارسال خبرنامه در انتظار تلاش دوباره است: ۰ از ۲ نشانی فرستاده شد، ۲ نشانی هنوز نامه‌ای نگرفته است؛ ${BUSY}`;
      await until('the operation to say it waits for a retry', async () => (await operationOf()).status === 'error', 10_000);
      const operation = await operationOf();
      expect(operation.results).toMatchObject({ digestId: waiting.id, status: 'sending', awaitingRetry: 2, message });
      expect(operation.errors.some((line) => line.endsWith(` ${message}`))).toBe(true);
      expect(t.smtp.received).toHaveLength(before);

      // The server takes mail again: the queue's retry sends each address once, and the record ends a success.
      t.smtp.mode = 'accept';
      accepting = true;
      await until('the digest to end', async () => (await digestOf()).status !== 'sending', 90_000);
      expect(await digestOf()).toMatchObject({ status: 'done', counts: { total: 2, sent: 2, failed: 0, retrying: 0 }, failureReason: null });
      await until('the operation to carry the end', async () => (await operationOf()).results?.status === 'done', 10_000);
      expect(await operationOf()).toMatchObject({ status: 'success', results: { status: 'done', sent: 2, awaitingRetry: 0, message: 'خبرنامه به هر ۲ نشانی فرستاده شد' } });
      expect(t.smtp.received.slice(before).flatMap((m) => m.to).sort()).toEqual([...READERS].sort());
    } finally {
      if (!accepting) t.smtp.mode = 'accept';
    }
  }, 120_000);

  it('a digest every address got is done, and its operation a success that says so', async () => {
    const { digest, operation } = await sendNowAndWait();
    expect(digest).toMatchObject({ status: 'done', counts: { total: 2, sent: 2, failed: 0 } });
    expect(operation).toMatchObject({ status: 'success', errors: [] });
    expect(operation.results).toMatchObject({ digestId: digest.id, status: 'done', total: 2, sent: 2, failed: 0, message: 'خبرنامه به هر ۲ نشانی فرستاده شد' });
    expect(operation.logs.some((line) => line.endsWith(' خبرنامه به هر ۲ نشانی فرستاده شد'))).toBe(true);
  }, 120_000);

  it('a digest some addresses got is done with its failed count, and its operation an error that says it reached only some', async () => {
    t.smtp.refused.add(READERS[1]);
    const { digest, operation } = await sendNowAndWait();
    expect(digest).toMatchObject({ status: 'done', counts: { total: 2, sent: 1, failed: 1, bounced: 1 } });
    expect(operation.status).toBe('error');
    const some = 'خبرنامه تنها به بخشی از نشانی‌ها رسید: ۱ از ۲ نشانی فرستاده شد، ۱ ناموفق؛ سرور ایمیل این نشانی را نپذیرفت (\u2066550 5.1.1 User unknown\u2069)';
    expect(operation.results).toMatchObject({ status: 'done', total: 2, sent: 1, failed: 1, message: some });
    expect(operation.errors.some((line) => line.endsWith(` ${some}`))).toBe(true);
  }, 120_000);

});

describe('the send-now operation brought up to date by whichever side ends last, with no waiting', () => {
  const NONE = 'خبرنامه به هیچ نشانی نرسید: ۰ از ۲ نشانی فرستاده شد، ۲ ناموفق؛ refused';
  const made = (digestId: number) => ({ digestId, status: 'sending', recipients: 2, articleCount: 3 });
  const ended = (digestId: number) => ({ status: 'error', progress: 100, result: { ...made(digestId), status: 'failed', total: 2, sent: 0, failed: 2, message: NONE } });
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

  /** A running 'send now' record and its digest, both of whose sends failed; the mail not ended yet. */
  async function sendNow() {
    const { db } = t.database;
    const op = await operationsRepo.create(db, { kind: 'newsletter-send-now', job: 'newsletter-digest', params: {}, requestedBy: 'test' });
    await operationsRepo.start(db, op.id);
    const { digest } = await digestRepo.create(db, { slot: adminDigestSlot(op.id), trigger: 'admin', subject: 'آزمون', articleIds: [1, 2, 3], status: 'sending' });
    await db.insert(newsletterSends).values(READERS.map((email) => ({ digestId: digest.id, email, status: 'failed', error: 'refused', attempts: 1 })));
    return { op, digest };
  }
  /** The run that sends the mail ends the digest, then settles its operation (send-digest.ts). */
  async function mailEnds(digest: DigestRow): Promise<boolean> {
    const { db } = t.database;
    const counts = (await digestRepo.counts(db, [digest.id])).get(digest.id)!;
    expect(await digestRepo.finish(db, digest.id, new Date(), digestEnd(counts).status)).toBe(true);
    return settleDigestOperation(db, digest, counts);
  }
  /** The digest job run as the queue runs it (run-job.ts), its handler standing in for the real one. */
  async function digestJobRuns(operationId: number, handler: () => Promise<Record<string, unknown>>) {
    const run = batchHandler({ ...newsletterDigestWorker, handler } as unknown as JobDefinition, { db: t.database.db, log } as unknown as Services);
    const job = { id: `digest-${operationId}`, data: { trigger: 'admin', operationId }, retryCount: 0, retryLimit: 2 } as unknown as JobWithMetadata<unknown>;
    expect(await run([job])).toMatchObject([{ status: 'completed' }]);
  }
  const endLines = async (id: number) => (await operationsRepo.get(t.database.db, id))!.errors.filter((line) => line.endsWith(` ${NONE}`)).length;

  it('a mail that ends before the digest job has written its record leaves it; the job settles it once written', async () => {
    const { op, digest } = await sendNow();
    const started = Date.now();
    await digestJobRuns(op.id, async () => {
      // The mail ends while the job is still running: nothing to settle yet, and nothing waits.
      expect(await mailEnds(digest)).toBe(false);
      expect((await operationsRepo.get(t.database.db, op.id))?.status).toBe('running');
      return made(digest.id);
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await operationsRepo.get(t.database.db, op.id)).toMatchObject(ended(digest.id));
    expect(await endLines(op.id)).toBe(1);
  });

  it('a record written before the mail ends is settled by the mail\'s run; the job finds nothing left to do', async () => {
    const { db } = t.database;
    const { op, digest } = await sendNow();
    await digestJobRuns(op.id, async () => made(digest.id));
    expect(await operationsRepo.get(db, op.id)).toMatchObject({ status: 'success', result: made(digest.id) });
    expect(await mailEnds(digest)).toBe(true);
    expect(await operationsRepo.get(db, op.id)).toMatchObject(ended(digest.id));
    // Once it carries the end, neither side writes again, even with other counts.
    expect(await settleRecordedDigest(db, op.id)).toBe(false);
    expect(await settleDigestOperation(db, digest, { total: 2, queued: 0, sending: 0, sent: 2, failed: 0, retrying: 0, bounced: 0 })).toBe(false);
    expect(await operationsRepo.get(db, op.id)).toMatchObject(ended(digest.id));
    expect(await endLines(op.id)).toBe(1);
  });

  it('both sides settling at once write the end once', async () => {
    const { db } = t.database;
    const { op, digest } = await sendNow();
    await operationsRepo.finish(db, op.id, 'success', made(digest.id), { completed: true });
    const counts = (await digestRepo.counts(db, [digest.id])).get(digest.id)!;
    expect(await digestRepo.finish(db, digest.id, new Date(), 'failed')).toBe(true);
    const wrote = await Promise.all([settleDigestOperation(db, digest, counts), settleRecordedDigest(db, op.id), settleDigestOperation(db, digest, counts)]);
    expect(wrote.filter(Boolean)).toHaveLength(1);
    expect(await operationsRepo.get(db, op.id)).toMatchObject(ended(digest.id));
    expect(await endLines(op.id)).toBe(1);
  });

  it('a cancelled record is left as it is', async () => {
    const { db } = t.database;
    const { op, digest } = await sendNow();
    await operationsRepo.finish(db, op.id, 'error', { cancelled: true, message: 'لغو شد' });
    expect(await mailEnds(digest)).toBe(false);
    expect(await operationsRepo.get(db, op.id)).toMatchObject({ status: 'error', result: { cancelled: true, message: 'لغو شد' } });
  });
});
