// A digest's mail (modules/newsletter/send-digest.ts). A run that stopped because the mail service
// failed throws, so the queue tries the rest again with its backoff; each attempt claims its sends
// under its own id.
import { sendDigest } from '../modules/newsletter/send-digest.ts';
import { defineJob } from './define-job.ts';
import { newsletterSendJob } from './specs.ts';

export const newsletterSendWorker = defineJob(newsletterSendJob, {
  uses: ['config', 'db', 'mailer'],
  async handler(payload, { services, job }) {
    const outcome = await sendDigest(services, payload.digestId, { claim: `${job.id}:${job.retryCount}`, finalAttempt: job.finalAttempt, signal: job.signal });
    if (outcome.retrying) throw new Error(outcome.retrying);
    return { ...outcome };
  },
});
