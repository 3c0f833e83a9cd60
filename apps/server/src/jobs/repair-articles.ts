// Repairs a scope of existing articles with a list of actions (modules/ingest/repair.ts):
// the job behind fix-article, fix-all-articles, the media syncs, rewrite-recent, the
// cleaning and date/excerpt fixes, Telegraph processing and regenerate-article.
import { isNull, or, sql, type SQL } from 'drizzle-orm';
import { articles } from '@chapar/db';
import type { ReportItem } from '@chapar/shared/contracts';
import { articleAdminRepo } from '../modules/articles/admin-repo.ts';
import { repairArticle, type ArticleRepair } from '../modules/ingest/repair.ts';
import { defineJob } from './define-job.ts';
import { REPAIR_MAX, repairArticlesJob } from './specs.ts';

const FILTERS = {
  all: () => undefined,
  telegram: () => undefined,
  'missing-image': () => or(isNull(articles.imageUrl), sql`${articles.imageUrl} = ''`),
  video: () => sql`${articles.videoUrl} is not null`,
  telegraph: (host: string) => sql`exists (select 1 from telegram_posts tp where tp.source = ${articles.source} and tp.telegram_id = ${articles.telegramId}
    and (tp.payload->>'links' ilike '%telegra.ph/%' or tp.payload->>'links' ilike '%graph.org/%' or tp.payload->>'links' ilike ${`%${host}/%`}))`,
} satisfies Record<string, (host: string) => SQL | undefined>;

export const repairArticlesWorker = defineJob(repairArticlesJob, {
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler({ scope, actions }, { services: s, operation }) {
    const filter = scope.filter ?? 'all';
    const rows = await articleAdminRepo.forRepair(s.db, {
      ids: scope.ids, source: scope.source, latest: scope.latest, limit: REPAIR_MAX,
      telegramOnly: filter !== 'all' || actions.some((a) => a !== 'excerpt' && a !== 'content'),
      where: FILTERS[filter](new URL(s.config.telegraphBaseUrl).host),
    });
    const { source } = await s.sources.current();
    const items: ArticleRepair[] = [];
    const report: ReportItem[] = [];
    for (const [i, article] of rows.entries()) {
      try {
        // An admin waits for this run: a failing AI gives way to the offline rewriter at once.
        items.push(await repairArticle(s, source, article, actions, true, rows.length === 1 ? operation.log : undefined));
      } catch (error) {
        items.push({ articleId: article.id, status: 'error', updated: false, message: (error as Error).message, imageUrl: article.imageUrl, videoUrl: article.videoUrl });
      }
      const item = items[items.length - 1];
      report.push({ status: item.status, articleId: item.articleId, filename: article.source && article.telegramId ? `${article.source}/${article.telegramId}` : null, fileType: 'article', reason: item.message });
      if (item.status === 'error') await operation.error(`#${article.id}: ${item.message}`);
      else if (i < 50) await operation.log(`#${article.id}: ${item.message}`);
      await operation.progress(((i + 1) / rows.length) * 100);
    }
    return {
      total: rows.length,
      processed: items.filter((x) => x.status !== 'error').length,
      updated: items.filter((x) => x.updated).length,
      failed: items.filter((x) => x.status === 'error').length,
      skipped: items.filter((x) => x.status === 'skipped').length,
      items,
      details: items.map((x) => `#${x.articleId}: ${x.message}`),
      detailedReport: { processed: report },
    };
  },
});
