// Posts an admin named (by link, id or range), read from Telegram one by one and put
// through the pipeline right here, so the answer can say what became of each. A confirmed
// plan of edits at the source (`planned`) reads the posts the editor kept (apply-edits.ts).
import { fetchNamedPosts } from '../modules/ingest/fetch-named-posts.ts';
import { applyEdits } from '../modules/ingest/apply-edits.ts';
import { defineJob } from './define-job.ts';
import { fetchPostsJob } from './specs.ts';

export const fetchPostsWorker = defineJob(fetchPostsJob, {
  uses: ['config', 'database', 'db', 'log', 'media', 'rewriter', 'offlineRewriter', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services, operation }) {
    const { operationId: _op, planned, ...options } = payload;
    if (planned) return applyEdits(services, options, planned, operation);
    return { ...(await fetchNamedPosts(services, { ...options, operation })) };
  },
});
