// Sending a breaking-news alert to every subscription, at the push sender's pace. Each send is
// claimed before its message goes out and recorded after: sent, expired (the push service said
// 404/410, so the subscription is removed) or failed with its reason. A claim left by a run that
// died goes back to the queue once no live run could still hold it: a reader may, rarely, get a
// notification twice (the same tag, so the browser shows one), never miss it for a crash.
import { PushSendError } from '../../integrations/push/index.ts';
import type { Services } from '../../services.ts';
import { pushSends } from '../../metrics/registry.ts';
import { pushRepo } from './repo.ts';

export interface AlertRun {
  /** Unique to this attempt of this job: only it records the sends it claims. */
  claim: string;
  signal?: AbortSignal;
}

export interface AlertOutcome {
  sent: number;
  expired: number;
  failed: number;
  skipped?: string;
}

export async function sendAlert(s: Pick<Services, 'config' | 'db' | 'push'>, alertId: number, run: AlertRun): Promise<AlertOutcome> {
  const { db } = s;
  const alert = await pushRepo.alertById(db, alertId);
  if (!alert || alert.status !== 'sending') return { sent: 0, expired: 0, failed: 0, skipped: 'no alert to send' };
  await pushRepo.queueSends(db, alertId);
  await pushRepo.requeueStale(db, alertId, new Date(Date.now() - 2 * s.config.push.timeoutMs - 60_000));
  const payload = JSON.stringify({ title: alert.title, body: alert.body, url: alert.url, tag: `breaking-${alert.articleId}` });
  const outcome: AlertOutcome = { sent: 0, expired: 0, failed: 0 };
  for (;;) {
    run.signal?.throwIfAborted();
    const send = await pushRepo.claimNext(db, alertId, run.claim, new Date());
    if (!send) break;
    try {
      const { status } = await s.push.send(send, payload, run.signal);
      await pushRepo.record(db, send.id, run.claim, { status: 'sent', statusCode: status, error: null, at: new Date() });
      outcome.sent += 1;
      pushSends.inc({ result: 'sent' });
    } catch (error) {
      if (run.signal?.aborted) throw error;
      const failure = error instanceof PushSendError ? error : new PushSendError((error as Error).message, null);
      if (failure.expired) {
        await pushRepo.record(db, send.id, run.claim, { status: 'expired', statusCode: failure.status, error: failure.message, at: new Date() });
        await pushRepo.removeById(db, send.subscriptionId);
        outcome.expired += 1;
        pushSends.inc({ result: 'expired' });
      } else {
        await pushRepo.record(db, send.id, run.claim, { status: 'failed', statusCode: failure.status, error: failure.message.slice(0, 500), at: new Date() });
        outcome.failed += 1;
        pushSends.inc({ result: 'failed' });
      }
    }
  }
  await pushRepo.finish(db, alertId, new Date());
  return outcome;
}
