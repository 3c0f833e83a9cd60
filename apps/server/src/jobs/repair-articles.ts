// Repairs a scope of existing articles with a list of actions (modules/ingest/repair.ts):
// the job behind fix-article, fix-all-articles, the media syncs, rewrite-recent, the
// cleaning and date/excerpt fixes, Telegraph processing and regenerate-article. A scope
// without ids or 'latest' covers every matching article (a hundred thousand, if so many),
// read a page at a time; the run checks between articles whether an admin cancelled it.
// With `mode: 'plan'` it changes nothing and answers the plan an editor confirms first;
// the verification ('verify-source') makes only the changes of its confirmed plan.
import type { z } from 'zod';
import { and, desc, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { articles } from '@chapar/db';
import type { ReportItem } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleRow } from '../modules/articles/admin-repo.ts';
import type { OperationReporter } from '../modules/operations/operation-reporter.ts';
import { buildPlan, planItem, PLAN_LISTED } from '../modules/operations/plans.ts';
import { repairArticle, result, type ArticleRepair } from '../modules/ingest/repair.ts';
import { AiRequiredError } from '../modules/ingest/rewrite-step.ts';
import { aiBreaker } from '../modules/ingest/ai-breaker.ts';
import type { Services } from '../services.ts';
import { applyVerifyItem, planVerify } from '../modules/ingest/verify-source.ts';
import { defineJob } from './define-job.ts';
import { REPAIR_MAX, repairArticlesJob } from './specs.ts';

type VerifyDeps = Pick<Services, 'config' | 'database' | 'db' | 'log' | 'media' | 'rewriter' | 'offlineRewriter' | 'sources' | 'jobs' | 'mediaPolicy' | 'contentChanged'>;

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

/** Actions whose text a rewriter writes. */
const writesText = (actions: Payload['actions']) => actions.includes('rewrite') || actions.includes('regenerate');

/** What a scope plan says of an article the run rewrites: which rewriter writes it, and what a failure does. */
const REWRITER_PLANNED = {
  ai: 'متن را هوش مصنوعی می‌نویسد؛ اگر پاسخ درستی ندهد، مقاله دست نمی‌خورد',
  offline: 'هوش مصنوعی تنظیم نشده است؛ متن را بازنویس آفلاین می‌نویسد',
} as const;

type Payload = z.infer<typeof repairArticlesJob.payload>;
type Scope = Payload['scope'];
type Db = Services['db'];

/** Every article id of a full-scope run, newest first. */
async function scopeIds(db: Db, scope: Scope, where: SQL | undefined, telegramOnly: boolean): Promise<number[]> {
  const conditions: SQL[] = [];
  if (scope.source) conditions.push(sql`lower(${articles.source}) = lower(${scope.source})`);
  if (telegramOnly) conditions.push(isNotNull(articles.telegramId), isNotNull(articles.source));
  if (where) conditions.push(where);
  const rows = await db.select({ id: articles.id }).from(articles).where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map((r) => r.id);
}

/** The scope's articles, a page at a time, and how many there are in all. */
async function readScope(s: Pick<Services, 'config' | 'db'>, { scope, actions }: Payload) {
  const filter = scope.filter ?? 'all';
  const telegramOnly = filter !== 'all' || actions.some((a) => a !== 'excerpt' && a !== 'content');
  const where = FILTERS[filter](new URL(s.config.telegraphBaseUrl).host);
  // A named or latest-N scope is one read; a full scope is read by ids, a page at a time.
  const ids = !scope.ids && !scope.latest ? await scopeIds(s.db, scope, where, telegramOnly) : null;
  const first = ids ? null : await articleAdminRepo.forRepair(s.db, { ids: scope.ids, source: scope.source, latest: scope.latest, limit: REPAIR_MAX, telegramOnly, where });
  const pages = async function* (): AsyncGenerator<ArticleRow[]> {
    if (first) return yield first;
    for (let at = 0; at < ids!.length; at += PAGE) {
      const chunk = ids!.slice(at, at + PAGE);
      const byId = new Map((await s.db.select().from(articles).where(inArray(articles.id, chunk))).map((r) => [r.id, r]));
      // Deleted since the ids were read: skipped.
      yield chunk.map((id) => byId.get(id)).filter((r) => r !== undefined);
    }
  };
  return { total: ids ? ids.length : first!.length, pages };
}

/** Counts and kept lines of a run, said in the words the screens show. */
function tally() {
  const items: ArticleRepair[] = [];
  const report: ReportItem[] = [];
  const counts = { seen: 0, processed: 0, updated: 0, failed: 0, skipped: 0, unpublished: 0, notChecked: 0 };
  return {
    counts,
    async add(item: ArticleRepair, article: Pick<ArticleRow, 'source' | 'telegramId'>, operation: OperationReporter, total: number) {
      const i = counts.seen++;
      if (item.status === 'error') counts.failed++;
      else counts.processed++;
      if (item.updated) counts.updated++;
      if (item.status === 'skipped') counts.skipped++;
      if (item.outcome === 'unpublished') counts.unpublished++;
      if (item.outcome === 'not_checked') counts.notChecked++;
      if (items.length < KEPT_ITEMS || item.status === 'error') {
        items.push(item);
        const filename = article.source && article.telegramId ? `${article.source}/${article.telegramId}` : null;
        report.push({ status: item.status, outcome: item.outcome, articleId: item.articleId, filename, fileType: 'article', reason: item.message });
      }
      const line = `مقالهٔ ${fa(item.articleId)}: ${item.message}`;
      if (item.status === 'error') await operation.error(line);
      else if (i < 50) await operation.log(line);
      await operation.progress(((i + 1) / Math.max(total, 1)) * 100);
    },
    result() {
      const kept = items.slice(0, KEPT_ITEMS * 2);
      return {
        total: counts.seen, processed: counts.processed, updated: counts.updated, failed: counts.failed, skipped: counts.skipped,
        unpublished: counts.unpublished, notChecked: counts.notChecked,
        items: kept,
        details: kept.map((x) => `مقالهٔ ${fa(x.articleId)}: ${x.message}`),
        detailedReport: { processed: report.slice(0, KEPT_ITEMS * 2) },
      };
    },
  };
}

/** The verification: a plan of what Telegram says; once confirmed, exactly its changes. */
async function verify(s: VerifyDeps, payload: Payload, operation: OperationReporter) {
  const { source } = await s.sources.current();
  if (!payload.planned) {
    const { pages } = await readScope(s, payload);
    const rows: ArticleRow[] = [];
    for await (const page of pages()) rows.push(...page);
    await operation.log(`${fa(rows.length)} مقاله با پست منبع بررسی می‌شود`);
    return { plan: buildPlan(await planVerify(s, source, rows, operation.log), { exact: true }) };
  }
  const run = tally();
  for (const { articleId, change } of payload.planned) {
    await operation.checkpoint();
    const article = await articleAdminRepo.byId(s.db, articleId);
    const item = article
      ? await applyVerifyItem(s, source, article, change).catch((error: Error) => result(article, 'error', 'error', error.message))
      : result({ id: articleId, imageUrl: null, videoUrl: null }, 'skipped', 'not_checked', 'مقاله از پیش حذف شده است');
    await run.add(item, article ?? { source: null, telegramId: null }, operation, payload.planned.length);
  }
  return run.result();
}

export const repairArticlesWorker = defineJob(repairArticlesJob, {
  uses: ['config', 'database', 'db', 'log', 'storage', 'media', 'rewriter', 'offlineRewriter', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services: s, operation }) {
    if (payload.actions.includes('verify-source')) return verify(s, payload, operation);
    const { total, pages } = await readScope(s, payload);
    if (payload.mode === 'plan') {
      // The scope the confirmed run works on; each article changes only where it needs to.
      const items = [];
      const reason = writesText(payload.actions) ? REWRITER_PLANNED[s.rewriter.name] : '';
      for await (const page of pages()) {
        items.push(...page.slice(0, PLAN_LISTED - items.length).map((a) => planItem(a, payload.actions.includes('rewrite') ? 'rewrite' : 'check', reason)));
        if (items.length >= PLAN_LISTED) break;
      }
      return { plan: buildPlan(items, { exact: false, looked: total, total }) };
    }
    await operation.log(`${fa(total)} مقاله در دامنهٔ این عملیات`);
    const { source } = await s.sources.current();
    const run = tally();
    // The configured AI writes the text, or nothing does: its failure leaves the article as it was
    // (as regenerate-article does). With no AI configured, the offline rewriter is the rewriter.
    const requireAI = payload.requireAI || (writesText(payload.actions) && s.rewriter.name !== 'offline');
    const ai = aiBreaker();
    for await (const rows of pages()) {
      for (const article of rows) {
        await operation.checkpoint();
        let item: ArticleRepair;
        const stopped = requireAI ? ai.skip() : null;
        if (stopped) {
          await run.add(result(article, 'skipped', 'not_checked', stopped), article, operation, total);
          continue;
        }
        try {
          item = await repairArticle(s, source, article, payload.actions, true, total === 1 ? operation.log : undefined, { requireAI });
          if (item.status === 'success') ai.answered();
        } catch (error) {
          if (error instanceof AiRequiredError && !payload.requireAI) {
            // Not rewritten, and not changed: listed with why.
            item = result(article, 'skipped', 'not_checked', error.message);
            const stopping = ai.fail(error);
            if (stopping) await operation.error(stopping);
          } else {
            item = result(article, 'error', 'error', (error as Error).message);
          }
        }
        await run.add(item, article, operation, total);
      }
    }
    return { ...run.result(), aiFailed: ai.failed };
  },
});
