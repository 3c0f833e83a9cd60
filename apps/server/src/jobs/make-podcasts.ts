// Podcasts of named or recent articles (modules/podcasts). A failing speech service leaves the
// articles as they are: the job is retried (pg-boss backoff), and the last attempt reports the
// articles whose podcast could not be made. Missing espeak-ng or ffmpeg fails at once, saying so.
import type { ReportItem } from '@chapar/shared/contracts';
import { formatNumberFa, ltr, toPersianDigits } from '@chapar/shared/text';
import { failureText } from '../integrations/failure-text.ts';
import { ToolMissingError } from '../integrations/speech/index.ts';
import { PermanentError } from '../modules/operations/permanent-error.ts';
import { makeArticlePodcast, recentPublishedIds, type PodcastOutcome } from '../modules/podcasts/service.ts';
import { defineJob } from './define-job.ts';
import { makePodcastsJob } from './specs.ts';

const DEFAULT_LATEST = 20;

/** 'مقالهٔ ۴۳': an article as a log line names it, its id without separators. */
const articleLine = (id: number) => `مقالهٔ ${toPersianDigits(id)}`;

export const makePodcastsWorker = defineJob(makePodcastsJob, {
  uses: ['db', 'log', 'speech', 'storage', 'contentChanged'],
  // Speech is CPU work: one run at a time per process.
  localConcurrency: 1,
  async handler({ articleIds, latest, force, operationId }, { services: s, operation, job }) {
    const ids = articleIds ?? await recentPublishedIds(s, latest ?? DEFAULT_LATEST);
    const items: Array<PodcastOutcome | { articleId: number; status: 'error'; message: string }> = [];
    for (const [i, articleId] of ids.entries()) {
      try {
        const outcome = await makeArticlePodcast(s, articleId, { force, signal: job.signal });
        items.push(outcome);
        if (outcome.status !== 'unchanged' || ids.length === 1) await operation.log(`${articleLine(articleId)}: ${outcome.message}`);
      } catch (error) {
        if (error instanceof ToolMissingError) {
          throw new PermanentError(`پادکست ساخته نشد: ${ltr(error.tool)} نصب نیست (سلامت سامانه: سرویس گفتار)`);
        }
        s.log.warn(`podcast of article ${articleId} failed: ${(error as Error).message}`);
        const message = failureText(error);
        items.push({ articleId, status: 'error', message });
        await operation.error(`${articleLine(articleId)}: ${message}`);
      }
      await operation.progress(((i + 1) / Math.max(1, ids.length)) * 100);
    }
    const failed = items.filter((x) => x.status === 'error');
    // Retried while attempts remain; the last one reports (a run without an operation record
    // fails in the queue, where the queue status counts it).
    if (failed.length && (!job.finalAttempt || !operationId)) {
      throw new Error(`${formatNumberFa(failed.length)} پادکست ساخته نشد: ${failed[0].message}`);
    }
    const report: ReportItem[] = items.map((x) => ({
      status: x.status === 'error' ? 'error' : x.status === 'made' ? 'success' : 'skipped',
      articleId: x.articleId, filename: `podcasts/${x.articleId}.mp3`, fileType: 'audio', reason: x.message,
    }));
    return {
      total: ids.length,
      made: items.filter((x) => x.status === 'made').length,
      unchanged: items.filter((x) => x.status === 'unchanged').length,
      skipped: items.filter((x) => x.status === 'skipped').length,
      failed: failed.length,
      items,
      details: items.map((x) => `${articleLine(x.articleId)}: ${x.message}`),
      detailedReport: { processed: report },
    };
  },
});
