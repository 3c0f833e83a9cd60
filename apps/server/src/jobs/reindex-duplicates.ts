// After an upgrade of the duplicate detector, the articles its older version indexed are indexed
// again here, newest first, while checks go on with their older bands (modules/duplicates/index-repo.ts).
// The worker queues it at start when any article needs it.
import { hasOutdated, reindexOutdated } from '../modules/duplicates/index-repo.ts';
import { INDEX_VERSION } from '../modules/duplicates/minhash.ts';
import type { Services } from '../services.ts';
import { defineJob } from './define-job.ts';
import { reindexDuplicatesJob } from './specs.ts';

export const reindexDuplicatesWorker = defineJob(reindexDuplicatesJob, {
  uses: ['database', 'log'],
  async handler(_payload, { services }) {
    const started = Date.now();
    const reindexed = await reindexOutdated(services.database);
    services.log.info(`duplicate index: ${reindexed} articles indexed again for detector version ${INDEX_VERSION} in ${Math.round((Date.now() - started) / 1000)} s`);
    return { reindexed, version: INDEX_VERSION };
  },
});

/** Queues the re-index when an article carries an older detector's index. */
export async function queueReindexIfOutdated(services: Pick<Services, 'database' | 'jobs'>): Promise<boolean> {
  if (!(await hasOutdated(services.database))) return false;
  await services.jobs.send(reindexDuplicatesJob, {});
  return true;
}
