// One post through the pipeline (modules/ingest/ingest-post.ts). One queued and one
// running job per post at most; re-running is harmless anyway. When the AI fails, the
// schedule's jobs retry it and fall back to the offline rewriter on their last attempt;
// a job an admin waits for (an operation's, or sent with offlineFallback) falls back at once.
import { z } from 'zod';
import { ingestPost } from '../modules/ingest/ingest-post.ts';
import { defineJob } from './define-job.ts';

export const ingestPostJob = defineJob({
  name: 'ingest-post',
  payload: z.object({
    source: z.string().min(1).max(64),
    telegramId: z.number().int().positive(),
    force: z.boolean().optional(),
    skipExisting: z.boolean().optional(),
    skipMedia: z.boolean().optional(),
    useAI: z.boolean().optional(),
    /** An admin is waiting: write with the offline rewriter at once if the AI fails. */
    offlineFallback: z.boolean().optional(),
    operationId: z.number().int().optional(),
  }),
  policy: 'stately',
  singletonKey: (p) => `${p.source}/${p.telegramId}`,
  batchSize: (services) => services.config.ingestConcurrency,
  async handler(payload, { services, job }) {
    const { source, telegramId, operationId, offlineFallback, ...options } = payload;
    const finalAttempt = job.finalAttempt || Boolean(offlineFallback) || operationId !== undefined;
    const outcome = await ingestPost(services, { source, telegramId }, { ...options, finalAttempt, claim: job.signal });
    return {
      status: outcome.status, articleId: outcome.articleId, reason: outcome.reason ?? null,
      rewriter: outcome.rewriter ?? null, aiFallback: Boolean(outcome.aiFallback), detailedReport: { processed: outcome.report },
    };
  },
});
