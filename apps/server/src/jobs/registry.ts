// Every job the app runs, and starting a worker for them. The monitor's schedule is the
// check-channels queue on a cron (every MONITOR_INTERVAL_MINUTES); its handler skips the
// run while the monitor is stopped, so start/stop is one settings row, not a schedule edit.
// The newsletter's digest is the newsletter-digest queue on the admin's cron (digest-schedule.ts).
import { CONFIRM_VALID_DAYS } from '@chapar/shared/contracts';
import type { Services } from '../services.ts';
import { queueUnsentConfirmations } from '../modules/newsletter/confirmation-sender.ts';
import { applySchedule } from '../modules/newsletter/digest-schedule.ts';
import { checkChannelsWorker } from './check-channels.ts';
import type { JobDefinition } from './define-job.ts';
import { fetchPostsWorker } from './fetch-posts.ts';
import { imageVariantsWorker } from './image-variants.ts';
import { ingestPostWorker } from './ingest-post.ts';
import { makePodcastsWorker } from './make-podcasts.ts';
import { newsletterConfirmationWorker } from './newsletter-confirmation.ts';
import { newsletterDigestWorker } from './newsletter-digest.ts';
import { newsletterSendWorker } from './newsletter-send.ts';
import { pushBreakingWorker } from './push-breaking.ts';
import { mediaMaintenanceWorker } from './media-maintenance.ts';
import { repairArticlesWorker } from './repair-articles.ts';
import { verifyContentWorker } from './verify-content.ts';
import { scanDuplicatesWorker } from './scan-duplicates.ts';
import { queueReindexIfOutdated, reindexDuplicatesWorker } from './reindex-duplicates.ts';
import { PRUNE_AUDIT_CRON, pruneAuditWorker } from './prune-audit.ts';
import { PURGE_DELETED_CRON, purgeDeletedWorker } from './purge-deleted.ts';
import { POLLING_INTERVAL_SECONDS } from './retry-defaults.ts';
import { batchHandler } from './run-job.ts';

export const JOBS: readonly JobDefinition[] = [
  ingestPostWorker, checkChannelsWorker, fetchPostsWorker, repairArticlesWorker, mediaMaintenanceWorker, imageVariantsWorker, makePodcastsWorker, scanDuplicatesWorker, verifyContentWorker,
  newsletterConfirmationWorker, newsletterDigestWorker, newsletterSendWorker, pushBreakingWorker, pruneAuditWorker, purgeDeletedWorker,
  reindexDuplicatesWorker,
] as JobDefinition[];

export function monitorCron(intervalMinutes: number): string {
  return intervalMinutes >= 60 ? '0 * * * *' : `*/${intervalMinutes} * * * *`;
}

/** Works every queue in this process and keeps the monitor's schedule in place. */
export async function startWorker(services: Services): Promise<void> {
  const { jobs } = services;
  const boss = await jobs.instance();
  for (const definition of JOBS) {
    await jobs.ensureQueue(definition);
    const batchSize = definition.batchSize?.(services.config) ?? 1;
    const workId = await boss.work(definition.name, {
      batchSize,
      localConcurrency: definition.localConcurrency ?? 1,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
      burstWhenBatchFull: batchSize > 1,
    }, batchHandler(definition, services));
    jobs.rememberWorker(definition.name, workId);
  }
  await boss.schedule(checkChannelsWorker.name, monitorCron(services.config.monitorIntervalMinutes), { trigger: 'schedule' }, { tz: 'UTC' });
  // The newsletter's digest on the admin's schedule; signups made while no mail service was set get their mail now.
  await applySchedule(services);
  await queueUnsentConfirmations(services, new Date(Date.now() - CONFIRM_VALID_DAYS * 86_400_000));
  await boss.schedule(pruneAuditWorker.name, PRUNE_AUDIT_CRON, {}, { tz: 'UTC' });
  await boss.schedule(purgeDeletedWorker.name, PURGE_DELETED_CRON, {}, { tz: 'UTC' });
  // After an upgrade of the duplicate detector, its index is rebuilt in the background.
  await queueReindexIfOutdated(services);
}
