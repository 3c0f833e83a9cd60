// The audit trail is kept for AUDIT_RETENTION_DAYS: this daily job drops what is older.
import { auditRepo } from '../modules/audit/repo.ts';
import { defineJob } from './define-job.ts';
import { pruneAuditJob } from './specs.ts';

/** Once a day, at a quiet hour (UTC). */
export const PRUNE_AUDIT_CRON = '17 3 * * *';

export const pruneAuditWorker = defineJob(pruneAuditJob, {
  uses: ['config', 'db'],
  async handler(_payload, { services }) {
    const before = new Date(Date.now() - services.config.auditRetentionDays * 86_400_000);
    return { pruned: await auditRepo.prune(services.db, before), before: before.toISOString() };
  },
});
