// Repairs a scope of existing articles with a list of actions (modules/ingest/repair.ts):
// the job behind fix-article, fix-all-articles, the media syncs, rewrite-recent, the
// cleaning and date/excerpt fixes, Telegraph processing and regenerate-article. A scope
// without ids or 'latest' covers every matching article (a hundred thousand, if so many),
// read a page at a time; the run checks between articles whether an admin cancelled it.
// With `mode: 'plan'` it changes nothing and answers the plan an editor confirms first.
// The verification ('verify-source') and the text repairs (excerpt, content, clean: computed
// here without the network) plan exactly and make only the changes the editor kept; the other
// repairs need the Telegram post, so their plan is a scope, offered only for channels that can
// be read now (one read per channel; the rest are listed as not checked, with why).
import type { z } from 'zod';
import { and, desc, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { articles } from '@chapar/db';
import type { OperationPlan, PlanItem, ReportItem } from '@chapar/shared/contracts';
import { toPersianDigits as fa } from '@chapar/shared/text';
import { articleAdminRepo, type ArticleRow } from '../modules/articles/admin-repo.ts';
import type { OperationReporter } from '../modules/operations/operation-reporter.ts';
import { buildPlan, planItem, PLAN_LISTED } from '../modules/operations/plans.ts';
import { operationsRepo } from '../modules/operations/operations-repo.ts';
import { repairArticle, result, type ArticleRepair } from '../modules/ingest/repair.ts';
import { isTextAction, textFix } from '../modules/ingest/repair-text.ts';
import { applyTextItem, TEXT_PLAN_REASONS, textItem } from '../modules/ingest/text-plan.ts';
import { channelChecker } from '../modules/ingest/channel-check.ts';
import { AiRequiredError } from '../modules/ingest/rewrite-step.ts';
import { aiBreaker } from '../modules/ingest/ai-breaker.ts';
import type { Services } from '../services.ts';
import { planVerify, verifyApplier } from '../modules/ingest/verify-source.ts';
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

/** Articles of unreadable channels listed in a scope plan (the rest are counted): enough to show every reason. */
const NOT_CHECKED_LISTED = 50;

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
  const { apply, ai } = verifyApplier(s, source, operation);
  for (const { articleId, change } of payload.planned) {
    await operation.checkpoint();
    const article = await articleAdminRepo.byId(s.db, articleId);
    const item = article && change !== 'rewrite' ? await apply(article, change)
      : article ? result(article, 'skipped', 'not_checked', TEXT_PLAN_REASONS.notProposed)
      : result({ id: articleId, imageUrl: null, videoUrl: null }, 'skipped', 'not_checked', 'مقاله از پیش حذف شده است');
    await run.add(item, article ?? { source: null, telegramId: null }, operation, payload.planned.length);
  }
  return { ...run.result(), aiFailed: ai.failed };
}

/** The text repairs' exact plan: each article computed, those that would change listed with the change. */
async function planText(s: Pick<Services, 'config' | 'db' | 'offlineRewriter'>, payload: Payload, operation: OperationReporter) {
  const actions = payload.actions.filter(isTextAction);
  const { total, pages } = await readScope(s, payload);
  await operation.log(`${fa(total)} مقاله بررسی می‌شود`);
  const changes: PlanItem[] = [];
  const unchanged: PlanItem[] = [];
  let seen = 0;
  let needing = 0;
  for await (const page of pages()) {
    for (const article of page) {
      await operation.checkpoint();
      const fix = await textFix(s, article, actions);
      seen++;
      if (fix) {
        needing++;
        if (changes.length < PLAN_LISTED) changes.push(textItem(article, fix));
      } else if (unchanged.length < PLAN_LISTED) {
        unchanged.push(planItem(article, 'unchanged', TEXT_PLAN_REASONS.noChange));
      }
      if (seen % 50 === 0) await operation.progress((seen / Math.max(total, 1)) * 100);
    }
  }
  // The changes first (at most PLAN_LISTED, the rest left for a later run), then the unchanged; all are counted.
  return { plan: buildPlan([...changes, ...unchanged], { exact: true, looked: seen, total: seen, beyond: needing - changes.length }) };
}

/** The kept items of a text repair's plan: each checked again, and written only as the editor saw it. */
async function applyText(s: Pick<Services, 'db' | 'offlineRewriter' | 'jobs' | 'contentChanged' | 'config' | 'log'>, payload: Payload & { planned: NonNullable<Payload['planned']> }, operation: OperationReporter) {
  const actions = payload.actions.filter(isTextAction);
  const row = payload.operationId ? await operationsRepo.get(s.db, payload.operationId) : undefined;
  const proposals = new Map(((row?.plan as OperationPlan | null)?.items ?? []).flatMap((i) => (i.proposal ? [[i.articleId, i.proposal] as const] : [])));
  const total = payload.planned.length;
  await operation.log(`${fa(total)} مقالهٔ پیش‌نمایش اصلاح می‌شود`);
  const run = tally();
  const one = (article: ArticleRow) => applyTextItem(s, article, actions, proposals.get(article.id), row?.createdAt);
  for (const { articleId } of payload.planned) {
    await operation.checkpoint();
    const article = await articleAdminRepo.byId(s.db, articleId);
    const item = article
      ? await one(article).catch((error: Error) => result(article, 'error', 'error', error.message))
      : result({ id: articleId, imageUrl: null, videoUrl: null }, 'skipped', 'not_checked', TEXT_PLAN_REASONS.deleted);
    await run.add(item, article ?? { source: null, telegramId: null }, operation, total);
  }
  return run.result();
}

/**
 * The scope plan of repairs that need the Telegram post: the articles a confirmed run works on,
 * offered only where their channel can be read now; the others are listed as not checked, with why.
 */
async function planScope(s: Pick<Services, 'config' | 'db' | 'sources' | 'rewriter'>, payload: Payload, operation: OperationReporter) {
  const { total, pages } = await readScope(s, payload);
  const reason = writesText(payload.actions) ? REWRITER_PLANNED[s.rewriter.name] : '';
  const change = payload.actions.includes('rewrite') ? 'rewrite' : 'check';
  const readable = payload.actions.some((a) => !isTextAction(a)) ? channelChecker((await s.sources.current()).source) : null;
  const scope: PlanItem[] = [];
  const skipped: PlanItem[] = [];
  const down = new Map<string, number>();
  let looked = 0;
  for await (const page of pages()) {
    for (const article of page) {
      const why = readable && article.source ? await readable(article.source) : null;
      if (why) {
        down.set(why, (down.get(why) ?? 0) + 1);
        if (skipped.length < NOT_CHECKED_LISTED) skipped.push(planItem(article, 'not_checked', why));
        continue;
      }
      looked++;
      if (scope.length < PLAN_LISTED) scope.push(planItem(article, change, reason));
    }
  }
  for (const [why, n] of down) await operation.error(`${why}؛ ${fa(n)} مقالهٔ آن بررسی نشد و در اجرا نمی‌آید`);
  // Room for the unchecked in the list, so each reason is shown.
  const items = [...scope.slice(0, PLAN_LISTED - skipped.length), ...skipped];
  return { plan: buildPlan(items, { exact: false, looked, total, changes: looked }) };
}

export const repairArticlesWorker = defineJob(repairArticlesJob, {
  uses: ['config', 'database', 'db', 'log', 'storage', 'media', 'rewriter', 'offlineRewriter', 'sources', 'jobs', 'mediaPolicy', 'contentChanged'],
  // Two at once: a long admin run does not hold up the next request.
  localConcurrency: 2,
  async handler(payload, { services: s, operation }) {
    if (payload.actions.includes('verify-source')) return verify(s, payload, operation);
    const local = payload.actions.every(isTextAction);
    if (local && payload.mode === 'plan') return planText(s, payload, operation);
    if (local && payload.planned) return applyText(s, { ...payload, planned: payload.planned }, operation);
    if (payload.mode === 'plan') return planScope(s, payload, operation);
    const { total, pages } = await readScope(s, payload);
    await operation.log(`${fa(total)} مقاله در دامنهٔ این عملیات`);
    const { source } = await s.sources.current();
    // A channel that cannot be read now leaves its articles at once, with why (one read per channel),
    // rather than each waiting out the retries of its own read. One article reads its post directly.
    const readable = !local && total > 1 ? channelChecker(source) : null;
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
        const down = readable && article.source ? await readable(article.source) : null;
        if (down) {
          await run.add(result(article, 'skipped', 'not_checked', `${down}؛ مقاله دست نخورد`), article, operation, total);
          continue;
        }
        try {
          item = await repairArticle(s, source, article, payload.actions, true, total === 1 ? operation.log : undefined, { requireAI, overwriteEdits: payload.overwriteEdits });
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
