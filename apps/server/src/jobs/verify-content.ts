// Applies the rewrites an editor kept from content verification's plan (modules/duplicates/verify.ts).
import { applyProposals } from '../modules/duplicates/verify.ts';
import { defineJob } from './define-job.ts';
import { verifyContentJob } from './specs.ts';

export const verifyContentWorker = defineJob(verifyContentJob, {
  uses: ['config', 'db', 'log', 'jobs', 'contentChanged'],
  async handler({ planned, operationId }, { services: s }) {
    return applyProposals(s, operationId!, planned ?? []);
  },
});
