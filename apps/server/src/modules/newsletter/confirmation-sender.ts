// Sends one signup's confirmation mail, at most once: the signup is claimed (queued → sending)
// before the mail goes out. A failure the server certainly did not take is queued again for the
// job's next attempt; a claim whose run never came back is marked failed, never sent again.
import { newsletterConfirmationJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { confirmationMail } from './confirmation-mail.ts';
import { failureRecord, STALE_CLAIM_REASON } from './mail-failure.ts';
import { CONFIRM_PATH } from './public-routes.ts';
import { signupRepo } from './signup-repo.ts';
import { signToken } from './tokens.ts';

/** The job attempt sending: whether another follows, and the signal that stops it. */
export interface SendRun {
  finalAttempt: boolean;
  signal?: AbortSignal;
}

/** A claim this old belongs to a run that died: every live one has finished its message by then. */
export const staleClaimMs = (timeoutMs: number) => 2 * timeoutMs + 5_000;

export async function sendConfirmation(s: Pick<Services, 'config' | 'db' | 'mailer'>, signupId: number, run: SendRun): Promise<Record<string, unknown>> {
  const { mailer, db, config } = s;
  if (!mailer) return { skipped: 'mail not configured' };
  const now = new Date();
  const signup = await signupRepo.claimMail(db, signupId, now);
  if (!signup) {
    const stale = await signupRepo.failStaleMail(db, signupId, new Date(now.getTime() - staleClaimMs(config.mail.timeoutMs)), STALE_CLAIM_REASON);
    return { skipped: stale ? 'claimed by a run that stopped' : 'already handled' };
  }
  const token = signToken(config.sessionSecret, 'confirm', signup.id, signup.email);
  const confirmUrl = `${config.publicBaseUrl}${CONFIRM_PATH}?token=${token}`;
  const mail = confirmationMail({ siteName: config.siteName, siteUrl: `${config.publicBaseUrl}/`, confirmUrl, name: signup.name, now });
  try {
    await mailer.send({ to: signup.email, ...mail }, run.signal);
    await signupRepo.finishMail(db, signup.id, 'sent', null, new Date());
    return { sent: 1 };
  } catch (error) {
    const failure = failureRecord(error, !run.finalAttempt);
    await signupRepo.finishMail(db, signup.id, failure.retry ? 'queued' : 'failed', failure.reason, new Date());
    // Thrown, the job is retried by the queue with its backoff.
    if (failure.retry) throw new Error(failure.reason);
    return { failed: 1, error: failure.reason };
  }
}

/** Signups made while no mail service was configured, still valid: their mails go out now. */
export async function queueUnsentConfirmations(s: Pick<Services, 'db' | 'mailer' | 'jobs'>, validSince: Date): Promise<number> {
  if (!s.mailer) return 0;
  const rows = await signupRepo.unsentSince(s.db, validSince, 1000);
  await signupRepo.queueUnsent(s.db, rows.map((r) => r.id));
  await s.jobs.sendMany(newsletterConfirmationJob, rows.map((r) => ({ signupId: r.id })));
  return rows.length;
}
