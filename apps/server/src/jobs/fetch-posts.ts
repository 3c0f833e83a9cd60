// Posts an admin named (by link, id or range), read from Telegram one by one and put
// through the pipeline right here, so the answer can say what became of each.
import { fetchNamedPosts } from '../modules/ingest/fetch-named-posts.ts';
import { plannedPostIds } from '../modules/ingest/source-edits.ts';
import { defineJob } from './define-job.ts';
import { fetchPostsJob } from './specs.ts';

export const fetchPostsWorker = defineJob(fetchPostsJob, {
  uses: ['config', 'database', 'db', 'log', 'media', 'rewriter', 'offlineRewriter', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services, operation }) {
    const { operationId: _op, planned, ...options } = payload;
    const ids = planned ? await plannedPostIds(services, options.source, options.ids, planned) : options.ids;
    return { ...(await fetchNamedPosts(services, { ...options, ids, operation })) };
  },
});
