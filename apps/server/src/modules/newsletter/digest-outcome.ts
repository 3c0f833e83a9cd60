// How a digest's mail ended, as the admin sees it. The digest is 'failed' when it reached nobody
// and 'done' otherwise (its counts say how many did not get it). Its 'send now' operation, which
// ended as soon as the mail was queued (newsletter-digest, the digest still 'sending'), is brought
// up to date once the last send is recorded: a success only when every address got the digest,
// otherwise an error, with the counts in Persian and why. While the mail service fails and the
// queue will try again, it is an error that says so (nothing sent yet to those addresses), until the
// mail ends. Nothing waits for the other side: whichever of the mail's end and the job's record
// comes second settles it.
import type { Db } from '@chapar/db';
import type { SendCounts } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { operationsRepo } from '../operations/operations-repo.ts';
import { adminDigestSlot, digestOperationId } from './create-digest.ts';
import { digestRepo, type DigestRow } from './digest-repo.ts';
import { WILL_RETRY } from './mail-failure.ts';

export const NO_SENDS: SendCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, retrying: 0, bounced: 0 };

export interface DigestEnd {
  status: 'done' | 'failed';
  /** Every address got the digest. */
  clean: boolean;
  message: string;
}

/** `reason`: why sends failed (digestRepo.failureReasons), said after the counts. */
export function digestEnd({ total, sent, failed }: Pick<SendCounts, 'total' | 'sent' | 'failed'>, reason: string | null = null): DigestEnd {
  if (!failed) return { status: 'done', clean: true, message: total ? `خبرنامه به هر ${fa(total)} نشانی فرستاده شد` : 'خبرنامه نشانی‌ای برای ارسال نداشت' };
  const tally = `${fa(sent)} از ${fa(total)} نشانی فرستاده شد، ${fa(failed)} ناموفق${reason ? `؛ ${reason}` : ''}`;
  if (!sent) return { status: 'failed', clean: false, message: `خبرنامه به هیچ نشانی نرسید: ${tally}` };
  return { status: 'done', clean: false, message: `خبرنامه تنها به بخشی از نشانی‌ها رسید: ${tally}` };
}

/** Addresses still to get the digest: those the mail service did not take, and those not tried yet. */
export const awaitingRetry = (counts: SendCounts) => counts.retrying + counts.queued + counts.sending;

/** Said while the mail service fails and the queue will try again: the counts, and what the service said. */
export function retryMessage(counts: SendCounts, reason: string | null): string {
  const why = reason ? `؛ ${reason.replace(WILL_RETRY, '')}` : '';
  return `ارسال خبرنامه در انتظار تلاش دوباره است: ${fa(counts.sent)} از ${fa(counts.total)} نشانی فرستاده شد، ${fa(awaitingRetry(counts))} نشانی هنوز نامه‌ای نگرفته است${why}`;
}

/** The operation record's result for an ended digest: the job's own fields, and what came of the mail. */
export function endedResult(previous: Record<string, unknown> | null, digestId: number, counts: SendCounts, reason: string | null = null) {
  const end = digestEnd(counts, reason);
  return {
    ...previous, digestId, status: end.status, total: counts.total, sent: counts.sent, failed: counts.failed, bounced: counts.bounced, awaitingRetry: 0, message: end.message,
  };
}

/** Why the digest's sends failed, if any did. */
export async function failureReason(db: Db, digestId: number, counts: Pick<SendCounts, 'failed' | 'retrying'>): Promise<string | null> {
  return counts.failed || counts.retrying ? (await digestRepo.failureReasons(db, [digestId])).get(digestId) ?? null : null;
}

const ENDED = ['done', 'failed'];

/**
 * Brings the digest's 'send now' operation (if it has one) up to date with how its mail ended: one
 * conditional write, made only once the digest job has finished its own record and only if nothing
 * has ended it yet. Two sides call it, each after its own write, so one of them always sees the
 * other's: the run that ends the mail (send-digest.ts), and the digest job once its record is
 * written (settleRecordedDigest). True when this call wrote the end.
 */
export async function settleDigestOperation(db: Db, digest: Pick<DigestRow, 'id' | 'slot'>, counts: SendCounts): Promise<boolean> {
  const id = digestOperationId(digest.slot);
  if (id === null) return false;
  const reason = await failureReason(db, digest.id, counts);
  const end = digestEnd(counts, reason);
  return operationsRepo.settleFinished(db, id, end.clean ? 'success' : 'error', endedResult(null, digest.id, counts, reason), end.message, ENDED);
}

/**
 * The mail service failed and the queue will try again: the digest's 'send now' operation (if it has
 * one, and its record is written) is an error that says how many addresses wait and why, not the
 * success of a digest merely queued. Its end is written once the mail ends (settleDigestOperation).
 */
export async function noteDigestRetry(db: Db, digest: Pick<DigestRow, 'id' | 'slot'>): Promise<boolean> {
  const id = digestOperationId(digest.slot);
  if (id === null) return false;
  const counts = (await digestRepo.counts(db, [digest.id])).get(digest.id) ?? NO_SENDS;
  if (!counts.retrying) return false;
  const message = retryMessage(counts, await failureReason(db, digest.id, counts));
  return operationsRepo.settleFinished(db, id, 'error', { digestId: digest.id, awaitingRetry: awaitingRetry(counts), message }, message, ENDED);
}

/** After the digest job finished its operation record: the mail may have ended first (its run then left the record), so it is settled here. */
export async function settleRecordedDigest(db: Db, operationId: number): Promise<boolean> {
  const digest = await digestRepo.bySlot(db, adminDigestSlot(operationId));
  // Its mail still going, though the service already failed once: the record says so.
  if (digest?.status === 'sending') return noteDigestRetry(db, digest);
  if (!digest || !ENDED.includes(digest.status)) return false;
  return settleDigestOperation(db, digest, (await digestRepo.counts(db, [digest.id])).get(digest.id) ?? NO_SENDS);
}
