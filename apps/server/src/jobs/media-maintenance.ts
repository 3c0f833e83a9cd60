// Watermark and video maintenance over stored media (modules/media/*-tasks.ts): the job
// behind the watermark tab and the video tools.
import { buildPlan, planItem, PLAN_LISTED } from '../modules/operations/plans.ts';
import { dedupeVideos, embedVideos, fixVideoUrls, migrateVideos, videoArticles } from '../modules/media/video-tasks.ts';
import { applyWatermarks, toReport, verifyWatermarks, watermarkSelfTest, type TaskItem } from '../modules/media/watermark-tasks.ts';
import { toPersianDigits } from '@chapar/shared/text';
import { defineJob } from './define-job.ts';
import { mediaMaintenanceJob } from './specs.ts';

export const mediaMaintenanceWorker = defineJob(mediaMaintenanceJob, {
  uses: ['config', 'db', 'log', 'storage', 'originals', 'media', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler({ action, articleIds, mode }, { services: s, operation }) {
    if (mode === 'plan') {
      // The video tools change articles (their video, their body): the editor sees which first.
      const rows = await videoArticles(s, articleIds);
      return { plan: buildPlan(rows.slice(0, PLAN_LISTED).map((a) => planItem(a, 'check', '')), { exact: false, looked: rows.length, total: rows.length }) };
    }
    let items: TaskItem[];
    let url: string | null = null;
    if (action === 'watermark-test') ({ items, url } = await watermarkSelfTest(s));
    else if (action === 'watermark') items = await applyWatermarks(s, articleIds);
    else if (action === 'verify') items = await verifyWatermarks(s, articleIds);
    else if (action === 'fix-video-urls') items = await fixVideoUrls(s, articleIds);
    else if (action === 'migrate-videos') items = await migrateVideos(s, articleIds);
    else if (action === 'dedupe-videos') items = await dedupeVideos(s, articleIds);
    else items = await embedVideos(s, articleIds);
    for (const item of items.slice(0, 50)) await (item.status === 'error' ? operation.error : operation.log)(`${item.articleId ? `مقالهٔ ${toPersianDigits(item.articleId)}: ` : ''}${item.message}`);
    const count = (status: TaskItem['status']) => items.filter((i) => i.status === status).length;
    return {
      action,
      url,
      processed: items.length,
      successful: count('success'),
      failed: count('error'),
      skipped: count('skipped'),
      items,
      detailedReport: { processed: toReport(items, action.includes('video') ? 'video' : 'image') },
    };
  },
});
