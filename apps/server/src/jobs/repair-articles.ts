// Repairs a scope of existing articles with a list of actions (modules/ingest/repair.ts):
// the job behind fix-article, fix-all-articles, the media syncs, rewrite-recent, the
// cleaning and date/excerpt fixes, Telegraph processing and regenerate-article. A scope
// without ids or 'latest' covers every matching article (a hundred thousand, if so many),
// read a page at a time; the run checks between articles whether an admin cancelled it.
import { and, desc, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
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

/** Articles read at once; the ids of the whole scope are read first, the rows a page at a time. */
const PAGE = 200;
/** The most per-article lines kept in a run's result (its counts always cover every article). */
const KEPT_ITEMS = REPAIR_MAX;

type Scope = { ids?: number[]; source?: string; latest?: number };

/** Every article id of a full-scope run, newest first. */
async function scopeIds(db: Parameters<typeof articleAdminRepo.forRepair>[0], scope: Scope, where: SQL | undefined, telegramOnly: boolean): Promise<number[]> {
  const conditions: SQL[] = [];
  if (scope.source) conditions.push(sql`lower(${articles.source}) = lower(${scope.source})`);
  if (telegramOnly) conditions.push(isNotNull(articles.telegramId), isNotNull(articles.source));
  if (where) conditions.push(where);
  const rows = await db.select({ id: articles.id }).from(articles).where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map((r) => r.id);
}

export const repairArticlesWorker = defineJob(repairArticlesJob, {
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler({ scope, actions }, { services: s, operation }) {
    const filter = scope.filter ?? 'all';
    const telegramOnly = filter !== 'all' || actions.some((a) => a !== 'excerpt' && a !== 'content');
    const where = FILTERS[filter](new URL(s.config.telegraphBaseUrl).host);
    const full = !scope.ids && !scope.latest;
    // A named or latest-N scope is one read; a full scope is read by ids, a page at a time.
    const ids = full ? await scopeIds(s.db, scope, where, telegramOnly) : null;
    const total = ids ? ids.length : null;
    if (ids) await operation.log(`${ids.length} مقاله در دامنه این عملیات`);
    const pages = async function* () {
      if (!ids) {
        yield await articleAdminRepo.forRepair(s.db, { ids: scope.ids, source: scope.source, latest: scope.latest, limit: REPAIR_MAX, telegramOnly, where });
        return;
      }
      for (let at = 0; at < ids.length; at += PAGE) {
        const chunk = ids.slice(at, at + PAGE);
        const rows = await s.db.select().from(articles).where(inArray(articles.id, chunk));
        const byId = new Map(rows.map((r) => [r.id, r]));
        // Deleted since the ids were read: skipped.
        yield chunk.map((id) => byId.get(id)).filter((r) => r !== undefined);
      }
    };
    const { source } = await s.sources.current();
    const items: ArticleRepair[] = [];
    const report: ReportItem[] = [];
    const counts = { seen: 0, processed: 0, updated: 0, failed: 0, skipped: 0 };
    for await (const rows of pages()) {
      const count = total ?? rows.length;
      for (const article of rows) {
        await operation.checkpoint();
        let item: ArticleRepair;
        try {
          // An admin waits for this run: a failing AI gives way to the offline rewriter at once.
          item = await repairArticle(s, source, article, actions, true, count === 1 ? operation.log : undefined);
        } catch (error) {
          item = { articleId: article.id, status: 'error', updated: false, message: (error as Error).message, imageUrl: article.imageUrl, videoUrl: article.videoUrl };
        }
        const i = counts.seen++;
        if (item.status === 'error') counts.failed++;
        else counts.processed++;
        if (item.updated) counts.updated++;
        if (item.status === 'skipped') counts.skipped++;
        if (items.length < KEPT_ITEMS || item.status === 'error') {
          items.push(item);
          report.push({ status: item.status, articleId: item.articleId, filename: article.source && article.telegramId ? `${article.source}/${article.telegramId}` : null, fileType: 'article', reason: item.message });
        }
        if (item.status === 'error') await operation.error(`#${article.id}: ${item.message}`);
        else if (i < 50) await operation.log(`#${article.id}: ${item.message}`);
        await operation.progress(((i + 1) / count) * 100);
      }
    }
    return {
      total: counts.seen,
      processed: counts.processed,
      updated: counts.updated,
      failed: counts.failed,
      skipped: counts.skipped,
      items: items.slice(0, KEPT_ITEMS * 2),
      details: items.slice(0, KEPT_ITEMS * 2).map((x) => `#${x.articleId}: ${x.message}`),
      detailedReport: { processed: report.slice(0, KEPT_ITEMS * 2) },
    };
  },
});
