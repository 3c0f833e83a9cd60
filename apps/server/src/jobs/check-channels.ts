// A check of the channels: by the monitor's schedule, its 'check now' button, or an admin
// action ('add the latest 5'). New and edited posts go to ingest-post jobs, one each;
// callers that answer with the outcome ask it to wait for them.
import { monitorState } from '../modules/monitor/state-repo.ts';
import { checkAllChannels } from '../modules/ingest/check-all.ts';
import { failedPostLines, untouchedPosts, waitForPosts, withoutMediaLines } from '../modules/posts/wait-posts.ts';
import type { PostRef } from '../modules/posts/post-store.ts';
import { sourceKindLabel } from '@chapar/shared/contracts';
import { toPersianDigits } from '@chapar/shared/text';
import { defineJob } from './define-job.ts';
import { checkChannelsJob, ingestPostJob } from './specs.ts';

export const checkChannelsWorker = defineJob(checkChannelsJob, {
  uses: ['config', 'db', 'log', 'sources', 'jobs', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services: s, operation }) {
    const { config, db } = s;
    if (payload.trigger === 'schedule' && !(await monitorState.enabled(db, config.monitorAutostart))) return { skipped: 'monitor stopped' };
    const check = await checkAllChannels(s, { channels: payload.channels, latest: payload.latest, skipMedia: payload.skipMedia, operation });
    // Whoever waits for the answer gets articles now: the offline rewriter stands in for a failing AI.
    const offlineFallback = payload.await || undefined;
    await s.jobs.sendMany(ingestPostJob, check.toProcess.map((ref) => ({ ...ref, skipMedia: payload.skipMedia, useAI: payload.useAI, offlineFallback })));
    if (payload.trigger !== 'admin') {
      await monitorState.setLastResults(db, {
        newPosts: check.newPosts.length, lastCheck: new Date().toISOString(), success: check.errors.length === 0, errors: check.errors, posts: check.toProcess,
      });
    }
    await operation.log(`${toPersianDigits(check.toProcess.length)} پست به خط پردازش سپرده شد (منبع: ${sourceKindLabel(check.sourceKind)})`);
    const underway = async (refs: PostRef[]) => (await s.jobs.underway(ingestPostJob, refs.map((ref) => ingestPostJob.singletonKey!(ref)))).size;
    const outcome = payload.await ? await waitForPosts(db, check.toProcess, Math.max(1000, config.adminJobWaitMs - 5000), underway) : null;
    // Posts run again only for their media were published before: counted apart (from the outcome's own
    // lines, by the report's file name), with how many now lack nothing.
    const retriedNames = new Set(check.mediaRetries.map((ref) => `${ref.source}/${ref.telegramId}`));
    const retriedPublished = outcome?.report.filter((item) => item.status === 'success' && retriedNames.has(item.filename ?? '')).length ?? 0;
    const retriedLacking = outcome?.withoutMedia.filter((item) => retriedNames.has(item.filename ?? '')).length ?? 0;
    // An admin asking for the latest N hears about all N: those already articles are listed as left, counted in nothing.
    const queued = new Set(check.toProcess.map((ref) => `${ref.source}/${ref.telegramId}`));
    const left = outcome && payload.latest !== undefined ? await untouchedPosts(db, check.seen.filter((ref) => !queued.has(`${ref.source}/${ref.telegramId}`))) : [];
    return {
      checked: check.checked,
      newPosts: check.newPosts.length,
      editedPosts: check.editedPosts.length,
      deletedPosts: check.deletedPosts.length,
      // Deleted at the source: taken down now (one at most), or waiting for an editor.
      unpublishedArticles: check.unpublishedArticleIds.length,
      deletionsAwaiting: check.deletionsAwaiting,
      deletionsOperationIds: check.deletionsOperationIds,
      // Left out of the pages, their own read failed: not taken for deleted, tried again next check.
      deletionsUnconfirmed: check.unconfirmedPosts.length,
      // Edited at the source: more than one published article is rewritten only once an editor confirms.
      editsAwaiting: check.editsAwaiting,
      editsOperationIds: check.editsOperationIds,
      queued: check.toProcess.length,
      processedPosts: outcome?.processed ?? 0,
      published: (outcome?.published ?? 0) - retriedPublished,
      mediaRetried: check.mediaRetries.length,
      mediaStored: retriedPublished - retriedLacking,
      // Posts that failed and channels that could not be read.
      failed: (outcome?.failed ?? 0) + check.errors.length,
      aiFallbacks: outcome?.aiFallbacks ?? 0,
      // Published without media Telegram may still give (in published too), each named with what it lacks.
      withoutMedia: outcome?.withoutMedia.length ?? 0,
      withoutMediaPosts: outcome ? withoutMediaLines(outcome.withoutMedia) : [],
      errors: check.errors,
      // The posts that failed, each with why (a media store down names the store): counted in failed too.
      postErrors: outcome ? failedPostLines(outcome.report) : [],
      detailedReport: { processed: [...(outcome?.report ?? []), ...left] },
    };
  },
});
