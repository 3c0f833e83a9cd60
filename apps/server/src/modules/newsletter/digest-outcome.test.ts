// How a digest ends, as the admin sees it: a digest that reached nobody is 'failed', one that
// reached some is done with its failed count, and the 'send now' operation ends with the digest:
// an error (with the counts, in Persian digits) unless every address got it.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterDigestsResponse, OperationRecord, OperationResponse } from '@chapar/shared/contracts';
import { operationsRepo } from '../operations/operations-repo.ts';
import { settleDigestOperation } from './digest-outcome.ts';
import { addRankedArticles, addSubscriber, buildNewsletterTestApp, until, type NewsletterTestApp } from '../../../testing/newsletter-test-app.ts';

const READERS = ['first.reader@example.com', 'second.reader@example.com'];
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
      expect(answer.message).toBe('خبرنامه برای ۲ نشانی در صف ارسال قرار گرفت');
      expect(digest).toMatchObject({ status: 'failed', finishedAt: expect.any(String), counts: { total: 2, queued: 0, sending: 0, sent: 0, failed: 2, bounced: 0 } });
      expect(t.smtp.deferredMessages).toBeGreaterThanOrEqual(2);
      expect(t.smtp.received).toHaveLength(0);
      expect(operation).toMatchObject({ status: 'error', progress: 100, endTime: expect.any(String) });
      expect(operation.results).toMatchObject({ digestId: digest.id, status: 'failed', total: 2, sent: 0, failed: 2, message: 'خبرنامه به هیچ نشانی نرسید: ۰ از ۲ نشانی فرستاده شد، ۲ ناموفق' });
      expect(operation.errors.some((line) => line.endsWith(' خبرنامه به هیچ نشانی نرسید: ۰ از ۲ نشانی فرستاده شد، ۲ ناموفق'))).toBe(true);
    } finally {
      t.smtp.mode = 'accept';
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
    expect(operation.results).toMatchObject({ status: 'done', total: 2, sent: 1, failed: 1, message: 'خبرنامه تنها به بخشی از نشانی‌ها رسید: ۱ از ۲ نشانی فرستاده شد، ۱ ناموفق' });
    expect(operation.errors.some((line) => line.endsWith(' خبرنامه تنها به بخشی از نشانی‌ها رسید: ۱ از ۲ نشانی فرستاده شد، ۱ ناموفق'))).toBe(true);
  }, 120_000);

  it('a mail that ends before the digest job has written its own record waits for it, then brings it up to date', async () => {
    const { db } = t.database;
    const op = await operationsRepo.create(db, { kind: 'newsletter-send-now', job: 'newsletter-digest', params: {}, requestedBy: 'test' });
    await operationsRepo.start(db, op.id);
    const counts = { total: 2, queued: 0, sending: 0, sent: 0, failed: 2, bounced: 0 };
    const settling = settleDigestOperation(db, { id: 999, slot: `admin:${op.id}` }, counts);
    await sleep(300);
    expect((await operationsRepo.get(db, op.id))?.status).toBe('running');
    // The digest job ends its record as it does (run-job.ts): a success, the digest still sending.
    await operationsRepo.finish(db, op.id, 'success', { digestId: 999, status: 'sending', recipients: 2, articleCount: 3 }, { completed: true });
    await settling;
    expect(await operationsRepo.get(db, op.id)).toMatchObject({
      status: 'error', result: { digestId: 999, status: 'failed', recipients: 2, articleCount: 3, total: 2, sent: 0, failed: 2, message: 'خبرنامه به هیچ نشانی نرسید: ۰ از ۲ نشانی فرستاده شد، ۲ ناموفق' },
    });
    // Once it carries the end, a second run that ends the same digest leaves it as it is.
    await settleDigestOperation(db, { id: 999, slot: `admin:${op.id}` }, { ...counts, sent: 2, failed: 0 });
    expect((await operationsRepo.get(db, op.id))?.status).toBe('error');
  });
});
