// Posts an admin named (by link, id or range), read from Telegram one by one and put
// through the pipeline right here, so the answer can say what became of each.
import { z } from 'zod';
import { fetchNamedPosts } from '../modules/ingest/fetch-named-posts.ts';
import { defineJob } from './define-job.ts';

export const fetchPostsJob = defineJob({
  name: 'fetch-posts',
  payload: z.object({
    source: z.string().min(1).max(64),
    ids: z.array(z.number().int().positive()).min(1).max(100),
    force: z.boolean().optional(),
    skipExisting: z.boolean().optional(),
    skipMedia: z.boolean().optional(),
    useAI: z.boolean().optional(),
    contentVerification: z.string().max(5000).optional(),
    operationId: z.number().int().optional(),
  }),
  retryLimit: 1,
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services, operation }) {
    const { operationId: _op, ...options } = payload;
    return { ...(await fetchNamedPosts(services, { ...options, operation })) };
  },
});
