// How a digest's mail ended, as the admin sees it. The digest is 'failed' when it reached nobody
// and 'done' otherwise (its counts say how many did not get it). Its 'send now' operation, which
// ended as soon as the mail was queued (newsletter-digest, the digest still 'sending'), is brought
// up to date once the last send is recorded: a success only when every address got the digest,
// otherwise an error, with the counts in Persian.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@chapar/db';
import type { SendCounts } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { operationsRepo } from '../operations/operations-repo.ts';
import { digestOperationId } from './create-digest.ts';
import type { DigestRow } from './digest-repo.ts';

export const NO_SENDS: SendCounts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 };

/** How long the run that ended the mail waits for the digest job's own record to be written before it brings it up to date. */
const RECORD_WAIT_MS = 30_000;

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

const ENDED_STATUSES = new Set<unknown>(['done', 'failed']);

/**
 * Brings the digest's 'send now' operation (if it has one) up to date with how its mail ended.
 * The digest job may still be writing its own record (its mail can end before it does): this
 * waits for that, then writes once; a record already carrying the end is left as it is.
 */
export async function settleDigestOperation(db: Db, digest: Pick<DigestRow, 'id' | 'slot'>, counts: SendCounts, signal?: AbortSignal): Promise<void> {
  const id = digestOperationId(digest.slot);
  if (id === null) return;
  const deadline = Date.now() + RECORD_WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    const row = await operationsRepo.get(db, id);
    if (!row || row.result?.cancelled === true || ENDED_STATUSES.has(row.result?.status)) return;
    if (row.status === 'success' || row.status === 'error') {
      const end = digestEnd(counts);
      await operationsRepo.log(db, id, end.message, !end.clean);
      await operationsRepo.finish(db, id, end.clean ? 'success' : 'error', endedResult(row.result, digest.id, counts), { completed: true });
      return;
    }
    if (Date.now() >= deadline) return;
    await sleep(delay, undefined, { signal });
  }
}
