// One post through the pipeline (modules/ingest/ingest-post.ts). One queued and one
// running job per post at most; re-running is harmless anyway. When the AI fails, the
// schedule's jobs retry it and fall back to the offline rewriter on their last attempt;
// a job an admin waits for (an operation's, or sent with offlineFallback) falls back at once.
import { ingestPost } from '../modules/ingest/ingest-post.ts';
import { defineJob } from './define-job.ts';
import { ingestPostJob } from './specs.ts';

export const ingestPostWorker = defineJob(ingestPostJob, {
  uses: ['config', 'database', 'db', 'log', 'media', 'rewriter', 'offlineRewriter', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  batchSize: (config) => config.ingestConcurrency,
  async handler(payload, { services, job }) {
    const { source, telegramId, operationId, offlineFallback, ...options } = payload;
    const finalAttempt = job.finalAttempt || Boolean(offlineFallback) || operationId !== undefined;
    const outcome = await ingestPost(services, { source, telegramId }, { ...options, finalAttempt, claim: job.signal });
    return {
      status: outcome.status, articleId: outcome.articleId, reason: outcome.reason ?? null,
      rewriter: outcome.rewriter ?? null, aiFallback: Boolean(outcome.aiFallback), missingMedia: outcome.missingMedia ?? null, detailedReport: { processed: outcome.report },
    };
  },
});
