// Deleted articles and comments can be restored for TRASH_RETENTION_DAYS: this daily job removes
// older ones, and the articles' files (and the files edits at the source set aside as long). An entry whose files the store refuses stays, and the next
// run tries again.
import { purgeExpired } from '../modules/articles/trash.ts';
import { commentRepo } from '../modules/comments/repo.ts';
import { purgeSetAside } from '../modules/media/store-media.ts';
import { defineJob } from './define-job.ts';
import { purgeDeletedJob } from './specs.ts';

/** Once a day, at a quiet hour (UTC), after the audit prune. */
export const PURGE_DELETED_CRON = '37 3 * * *';

export const purgeDeletedWorker = defineJob(purgeDeletedJob, {
  uses: ['config', 'db', 'media', 'log'],
  async handler(_payload, { services }) {
    const before = new Date(Date.now() - services.config.trashRetentionDays * 86_400_000);
    const comments = await commentRepo.purgeDeleted(services.db, before);
    // Pictures an edit at the source took off an article, kept as long for an undo to show them again.
    const setAside = await purgeSetAside(services.media, before);
    return { ...(await purgeExpired(services, before)), comments, setAside, before: before.toISOString() };
  },
});
