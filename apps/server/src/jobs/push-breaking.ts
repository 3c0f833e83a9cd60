// A breaking-news alert's push messages (modules/push/send-alert.ts); each attempt claims its
// sends under its own id.
import { sendAlert } from '../modules/push/send-alert.ts';
import { defineJob } from './define-job.ts';
import { pushBreakingJob } from './specs.ts';

export const pushBreakingWorker = defineJob(pushBreakingJob, {
  uses: ['config', 'db', 'push'],
  async handler(payload, { services, job }) {
    return { ...(await sendAlert(services, payload.alertId, { claim: `${job.id}:${job.retryCount}`, signal: job.signal })) };
  },
});
