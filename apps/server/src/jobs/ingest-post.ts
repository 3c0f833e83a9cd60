// One post through the pipeline (modules/ingest/ingest-post.ts). One queued and one
// running job per post at most; re-running is harmless anyway.
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
    operationId: z.number().int().optional(),
  }),
  policy: 'stately',
  singletonKey: (p) => `${p.source}/${p.telegramId}`,
  batchSize: (services) => services.config.ingestConcurrency,
  async handler(payload, { services, job }) {
    const { source, telegramId, operationId: _op, ...options } = payload;
    const outcome = await ingestPost(services, { source, telegramId }, { ...options, finalAttempt: job.finalAttempt });
    return { status: outcome.status, articleId: outcome.articleId, reason: outcome.reason ?? null };
  },
});
