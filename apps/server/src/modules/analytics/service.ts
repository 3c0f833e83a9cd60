import { ARTICLE_NOT_FOUND, type AnalyticsDashboard, type TrackEvent } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { sweepSpentBudgetsWhenDue, takeFromAddressBudget, type BudgetKind } from './address-budget.ts';
import { analyticsRepo } from './repo.ts';

const MINUTE = 60_000;
const VISITOR_WINDOW_MS = 30 * 24 * 60 * MINUTE;
const REALTIME_WINDOW_MS = 5 * MINUTE;
const TOP_ARTICLES = 5;

/** Crawlers, link previews and headless browsers: their visits are not readers'. */
export const BOT_USER_AGENT = /bot|crawl|spider|slurp|facebookexternalhit|telegrambot|whatsapp|preview|headless/i;

export interface TrackInput {
  articleId: number;
  event: TrackEvent;
  value?: string | null;
  /** The visitor: session id, else a key derived from the IP. */
  visitorKey: string;
  /** Keyed hash of the client's address (request.clientKey): whose budget the event takes from. */
  clientHash: string;
  /** The request's User-Agent header. */
  userAgent?: string;
  /** Epoch ms the budgets count from (tests); default now. */
  now?: number;
}

const budgetOf = (event: TrackEvent): BudgetKind => (event === 'bookmark_add' || event === 'bookmark_remove' ? 'bookmark' : event);

/** Thrown inside the transaction to take back an event past its address budget. */
class OverBudget extends Error {}

/**
 * Records one event. 'view' and 'view_30s' count once per session and article (a unique
 * index), a 'share' once per session, article and network, and only a newly recorded 'view'
 * adds to the article's views. Each new event takes from its address budget; past it the
 * event is not recorded. Cached reads are not dropped: view counts may lag by the cache's lifetime.
 */
export async function trackEvent(db: Db, input: TrackInput): Promise<{ recorded: boolean }> {
  if (input.userAgent && BOT_USER_AGENT.test(input.userAgent)) return { recorded: false };
  if (!(await analyticsRepo.publishedArticleExists(db, input.articleId))) throw notFound(ARTICLE_NOT_FOUND);
  const now = input.now ?? Date.now();
  await sweepSpentBudgetsWhenDue(db, now);
  const values = {
    articleId: input.articleId,
    event: input.event,
    value: input.value || null,
    sessionId: input.visitorKey,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  };
  try {
    const recorded = await db.transaction(async (tx) => {
      if (input.event === 'share' && values.value) {
        await analyticsRepo.lockShare(tx, input.articleId, input.visitorKey, values.value);
        if (await analyticsRepo.shareExists(tx, input.articleId, input.visitorKey, values.value)) return false;
      }
      if (!(await analyticsRepo.insertEvent(tx, values))) return false;
      // Only a new event takes from the budget, so a reader's repeats never use it up.
      if (await takeFromAddressBudget(tx, budgetOf(input.event), input.clientHash, now) > 0) throw new OverBudget();
      if (input.event === 'view') await analyticsRepo.incrementViews(tx, input.articleId);
      return true;
    });
    return { recorded };
  } catch (error) {
    // A beacon (spec 02 §7; web lib/track.ts reads no answer): past the budget 202 {recorded:false} like a repeat, not a 429 nobody reads.
    if (error instanceof OverBudget) return { recorded: false };
    throw error;
  }
}

/**
 * The admin dashboard (spec 02 §3). With an article id, views, visitors, shares, realtime
 * users and reading time are that article's; article counts, the top list and category
 * stats stay site-wide for comparison.
 */
export async function analyticsDashboard(db: Db, opts: { articleId?: number; now?: Date } = {}): Promise<AnalyticsDashboard> {
  const now = (opts.now ?? new Date()).getTime();
  const { articleId } = opts;
  if (articleId !== undefined && !(await analyticsRepo.publishedArticleExists(db, articleId))) throw notFound(ARTICLE_NOT_FOUND);
  const [site, scoped, events, top, categories] = await Promise.all([
    analyticsRepo.articleTotals(db),
    articleId === undefined ? undefined : analyticsRepo.articleTotals(db, articleId),
    analyticsRepo.eventTotals(db, { visitorsSince: new Date(now - VISITOR_WINDOW_MS), realtimeSince: new Date(now - REALTIME_WINDOW_MS), articleId }),
    analyticsRepo.topArticles(db, TOP_ARTICLES),
    analyticsRepo.categoryStats(db),
  ]);
  const totals = scoped ?? site;
  return {
    totalViews: totals.views,
    totalArticles: site.articles,
    uniqueVisitors: events.uniqueVisitors,
    totalShares: events.shares,
    topArticles: top.map((a) => ({ ...a, publishedAt: a.publishedAt.toISOString() })),
    categoryStats: categories,
    realtimeUsers: events.realtimeUsers,
    avgReadingTime: totals.avgReadingTime,
  };
}
