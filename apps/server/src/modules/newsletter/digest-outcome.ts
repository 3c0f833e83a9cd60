// How a digest's mail ended, as the admin sees it. The digest is 'failed' when it reached nobody
// and 'done' otherwise (its counts say how many did not get it). Its 'send now' operation, which
// ended as soon as the mail was queued (newsletter-digest, the digest still 'sending'), is brought
// up to date once the last send is recorded: a success only when every address got the digest,
// otherwise an error, with the counts in Persian. Nothing waits for the other side: whichever of
// the mail's end and the job's record comes second settles it.
import type { Db } from '@chapar/db';
import type { SendCounts } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { operationsRepo } from '../operations/operations-repo.ts';
import { adminDigestSlot, digestOperationId } from './create-digest.ts';
import { digestRepo, type DigestRow } from './digest-repo.ts';

export const NO_SENDS: SendCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 };

export interface DigestEnd {
  status: 'done' | 'failed';
  /** Every address got the digest. */
  clean: boolean;
  message: string;
}

export function digestEnd({ total, sent, failed }: Pick<SendCounts, 'total' | 'sent' | 'failed'>): DigestEnd {
  if (!failed) return { status: 'done', clean: true, message: total ? `خبرنامه به هر ${fa(total)} نشانی فرستاده شد` : 'خبرنامه نشانی‌ای برای ارسال نداشت' };
  const tally = `${fa(sent)} از ${fa(total)} نشانی فرستاده شد، ${fa(failed)} ناموفق`;
  if (!sent) return { status: 'failed', clean: false, message: `خبرنامه به هیچ نشانی نرسید: ${tally}` };
  return { status: 'done', clean: false, message: `خبرنامه تنها به بخشی از نشانی‌ها رسید: ${tally}` };
}

/** The operation record's result for an ended digest: the job's own fields, and what came of the mail. */
export function endedResult(previous: Record<string, unknown> | null, digestId: number, counts: SendCounts) {
  const end = digestEnd(counts);
  return { ...previous, digestId, status: end.status, total: counts.total, sent: counts.sent, failed: counts.failed, bounced: counts.bounced, message: end.message };
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
  const end = digestEnd(counts);
  return operationsRepo.settleFinished(db, id, end.clean ? 'success' : 'error', endedResult(null, digest.id, counts), end.message, ENDED);
}

/** After the digest job finished its operation record: the mail may have ended first (its run then left the record), so it is settled here. */
export async function settleRecordedDigest(db: Db, operationId: number): Promise<boolean> {
  const digest = await digestRepo.bySlot(db, adminDigestSlot(operationId));
  if (!digest || !ENDED.includes(digest.status)) return false;
  return settleDigestOperation(db, digest, (await digestRepo.counts(db, [digest.id])).get(digest.id) ?? NO_SENDS);
}
