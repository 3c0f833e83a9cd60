// The public signup (spec 01 §7, POST /api/newsletter/subscribe) with double opt-in: a signup is
// recorded and a confirmation link mailed; nothing about a subscriber changes until that link is
// followed (confirm.ts). The answer is the same whether the address is new or known, a client's
// address may sign up a few times an hour, and one e-mail address gets a confirmation mail at most
// once every ten minutes and three times a day, however often it is typed in.
import { createHmac } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '@chapar/shared/contracts';
import { AppError, secondsUntilBudgetsAllow } from '../../errors.ts';
import { newsletterConfirmationJob } from '../../jobs/specs.ts';
import type { Services } from '../../services.ts';
import { signupRepo } from './signup-repo.ts';

export interface SubscribeResult { success: boolean; message: string; alreadySubscribed: boolean; pending: boolean; confirmationMailed: boolean }

/** Signups one client's address may make: a family sharing a connection, not a script. */
export const SIGNUP_CLIENT_BUDGETS = [
  { windowMs: 60_000, max: 3 },
  { windowMs: 3_600_000, max: 10 },
] as const;
/** Confirmation mails one e-mail address may get. */
export const CONFIRMATION_MAIL_BUDGETS = [
  { windowMs: 10 * 60_000, max: 1 },
  { windowMs: 24 * 3_600_000, max: 3 },
] as const;

export interface SignupInput {
  email: string;
  name?: string | null;
  source?: string;
  /** request.clientKey: who the per-address limit counts. */
  clientKey: string;
}

/** The client's address is kept only as a keyed hash: enough to count, not to know who. */
export function clientHash(secret: string, clientKey: string): string {
  return createHmac('sha256', secret).update(`newsletter-client:${clientKey}`).digest('hex').slice(0, 32);
}

export async function subscribe(s: Pick<Services, 'config' | 'db' | 'mailer' | 'jobs'>, input: SignupInput, now = Date.now()): Promise<SubscribeResult> {
  const hash = clientHash(s.config.sessionSecret, input.clientKey);
  const mailReady = s.mailer !== null;
  const signup = await s.db.transaction(async (tx) => {
    // The client's key first, then the address: every signup takes them in this order.
    await signupRepo.lock(tx, `client:${hash}`);
    const used = await signupRepo.countByClientSince(tx, hash, SIGNUP_CLIENT_BUDGETS.map((b) => new Date(now - b.windowMs)));
    const wait = secondsUntilBudgetsAllow(SIGNUP_CLIENT_BUDGETS, used, now);
    if (wait > 0) throw new AppError('rate_limited', NEWSLETTER_MESSAGES.flooded, { 'retry-after': String(wait) });

    await signupRepo.lock(tx, `email:${input.email.toLowerCase()}`);
    let mailStatus = mailReady ? 'queued' : 'unsent';
    if (mailReady) {
      for (const budget of CONFIRMATION_MAIL_BUDGETS) {
        if (await signupRepo.mailsToEmailSince(tx, input.email, new Date(now - budget.windowMs)) >= budget.max) mailStatus = 'skipped';
      }
    }
    return signupRepo.insert(tx, {
      email: input.email, name: input.name || null, source: input.source ?? 'website', clientHash: hash, mailStatus, createdAt: new Date(now),
    });
  });
  if (signup.mailStatus === 'queued') await s.jobs.send(newsletterConfirmationJob, { signupId: signup.id });
  // alreadySubscribed stays false for every address: the same answer for new and known ones.
  return { success: true, alreadySubscribed: false, pending: true, confirmationMailed: mailReady, message: mailReady ? NEWSLETTER_MESSAGES.waiting : NEWSLETTER_MESSAGES.waitingNoMail };
}
