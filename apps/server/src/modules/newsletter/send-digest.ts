// Sending a digest's mail, one address at a time at the mailer's pace. Each send is claimed
// before its mail goes out and recorded after (digest-repo.ts), so the choice between "at most
// once" and "at least once" falls in the moment between the server's 250 and the record: a run
// killed there leaves the row 'sending', and no later run sends it again. It is marked failed
// (not known to have arrived) once its claim is older than any live run could take. The issue
// asks for that: an address may miss a digest, it never gets one twice.
//
// A failure the server certainly did not take (unreachable, silent, a 4xx) is tried again by the
// job's next attempt; when the service itself fails, the run stops there rather than failing
// every address in turn, and the queue retries the job with its backoff.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from '../../services.ts';
import { staleClaimMs, type SendRun } from './confirmation-sender.ts';
import { digestArticles } from './digest-articles.ts';
import { digestMail } from './digest-mail.ts';
import { digestEnd, NO_SENDS, noteDigestRetry, settleDigestOperation } from './digest-outcome.ts';
import { digestRepo } from './digest-repo.ts';
import { failureRecord, STALE_CLAIM_REASON } from './mail-failure.ts';
import { ONE_CLICK_PATH, UNSUBSCRIBE_PATH } from './public-routes.ts';
import { unsubscribeToken } from './unsubscribe.ts';

export interface DigestRun extends SendRun {
  /** Unique to this attempt of this job: only it may record the sends it claims. */
  claim: string;
}

export interface SendOutcome {
  sent: number;
  failed: number;
  /** The mail service failed and the job's next attempt sends the rest. */
  retrying?: string;
  skipped?: string;
}

export async function sendDigest(s: Pick<Services, 'config' | 'db' | 'mailer'>, digestId: number, run: DigestRun): Promise<SendOutcome> {
  const { db, mailer, config } = s;
  const digest = await digestRepo.byId(db, digestId);
  if (!digest || digest.status !== 'sending') {
    // Ended by an earlier run, which may have died before its operation was brought up to date.
    if (digest && (digest.status === 'done' || digest.status === 'failed')) await settleDigestOperation(db, digest, await countsOf(s, digestId));
    return { sent: 0, failed: 0, skipped: 'no digest to send' };
  }
  if (!mailer) return { sent: 0, failed: 0, skipped: 'mail not configured' };
  const staleMs = staleClaimMs(config.mail.timeoutMs);
  await digestRepo.failStale(db, digestId, new Date(Date.now() - staleMs), STALE_CLAIM_REASON);
  await digestRepo.dropLapsed(db, digestId);

  const articles = await digestArticles(db, digest.articleIds);
  const base = config.publicBaseUrl;
  const outcome: SendOutcome = { sent: 0, failed: 0 };
  for (;;) {
    run.signal?.throwIfAborted();
    const send = await digestRepo.claimNext(db, digestId, run.claim, new Date());
    if (!send) break;
    const token = send.subscriberId ? unsubscribeToken(config.sessionSecret, { id: send.subscriberId, email: send.email }) : '';
    const mail = digestMail({ siteName: config.siteName, baseUrl: base, articles, unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH}?token=${token}`, now: digest.createdAt });
    try {
      const receipt = await mailer.send({ to: send.email, ...mail, unsubscribeUrl: `${base}${ONE_CLICK_PATH}?token=${token}`, listId: `newsletter.${new URL(base).hostname}` }, run.signal);
      await digestRepo.markSent(db, send.id, run.claim, receipt.messageId, new Date());
      outcome.sent += 1;
    } catch (error) {
      const failure = failureRecord(error, !run.finalAttempt);
      await digestRepo.markFailed(db, send.id, run.claim, failure);
      if (failure.bounced && send.subscriberId) await digestRepo.markBounced(db, send.subscriberId, new Date());
      outcome.failed += 1;
      if (failure.serviceDown) {
        // The next addresses would fail the same way: the last attempt records why; another retries.
        if (run.finalAttempt) await digestRepo.failPending(db, digestId, failure.reason);
        else outcome.retrying = failure.reason;
        break;
      }
    }
  }
  if (outcome.retrying) {
    // Nothing more goes out until the queue's next attempt: the admin's operation says so now.
    await noteDigestRetry(db, digest);
    return outcome;
  }
  // Addresses that stopped receiving while the run went on were passed over: their sends go.
  await digestRepo.dropLapsed(db, digestId);
  // A claim left by a run that died: wait until no live run could still hold it, then close it.
  const oldest = await digestRepo.oldestSending(db, digestId);
  if (oldest) {
    await sleep(Math.max(0, oldest.getTime() + staleMs + 1 - Date.now()), undefined, { signal: run.signal });
    await digestRepo.failStale(db, digestId, new Date(Date.now() - staleMs), STALE_CLAIM_REASON);
  }
  // Ended when nothing is left to send and no live run still holds a send: failed if it reached
  // nobody. The run that ends it brings the admin's operation up to date, if the digest job has
  // already finished that record (otherwise the job does, digest-outcome.ts).
  if ((await digestRepo.pendingCount(db, digestId)) === 0 && !(await digestRepo.oldestSending(db, digestId))) {
    const counts = await countsOf(s, digestId);
    if (await digestRepo.finish(db, digestId, new Date(), digestEnd(counts).status)) await settleDigestOperation(db, digest, counts);
  }
  return outcome;
}

async function countsOf(s: Pick<Services, 'db'>, digestId: number) {
  return (await digestRepo.counts(s.db, [digestId])).get(digestId) ?? NO_SENDS;
}
