// One signup's confirmation mail (modules/newsletter/confirmation-sender.ts).
import { sendConfirmation } from '../modules/newsletter/confirmation-sender.ts';
import { defineJob } from './define-job.ts';
import { newsletterConfirmationJob } from './specs.ts';

export const newsletterConfirmationWorker = defineJob(newsletterConfirmationJob, {
  uses: ['config', 'db', 'mailer'],
  async handler(payload, { services, job }) {
    return sendConfirmation(services, payload.signupId, job);
  },
});
