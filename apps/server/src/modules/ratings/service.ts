import { ARTICLE_NOT_FOUND, type RatingSummary } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { AppError, notFound } from '../../errors.ts';
import { sweepSpentBudgetsWhenDue, takeFromAddressBudget } from '../analytics/address-budget.ts';
import { ratingRepo } from './repo.ts';

/** The answer past an address's rating budget (429, with Retry-After). */
export const RATINGS_FLOODED = 'از این نشانی در مدت کوتاهی امتیازهای زیادی ثبت شده است؛ لطفاً کمی بعد دوباره تلاش کنید';

async function ensureArticle(db: Db, articleId: number): Promise<void> {
  if (!(await ratingRepo.publishedArticleExists(db, articleId))) throw notFound(ARTICLE_NOT_FOUND);
}

/** Average to one decimal (0 when nobody has rated), count, and this visitor's own stars. */
async function summary(db: Db, articleId: number, sessionId?: string): Promise<RatingSummary> {
  const { average, total, mine } = await ratingRepo.summary(db, articleId, sessionId);
  return { averageRating: average === null ? 0 : Math.round(average * 10) / 10, totalRatings: total, userRating: mine };
}

/** A published article's ratings (404 for any other). */
export async function getRating(db: Db, articleId: number, sessionId?: string): Promise<RatingSummary> {
  await ensureArticle(db, articleId);
  return summary(db, articleId, sessionId);
}

export interface RateInput {
  articleId: number;
  sessionId: string;
  rating: number;
  /** Keyed hash of the client's address (request.clientKey): whose budget a new rating takes from. */
  clientHash: string;
  now?: Date;
}

/**
 * A visitor's stars. A new rater takes from the address's rating budget, refused past it with
 * 429 (the widget reads the answer and says the rating failed); changing one's own stars does not.
 */
export async function rateArticle(db: Db, input: RateInput) {
  await ensureArticle(db, input.articleId);
  const now = input.now ?? new Date();
  await sweepSpentBudgetsWhenDue(db, now.getTime());
  await db.transaction(async (tx) => {
    if (!(await ratingRepo.exists(tx, input.articleId, input.sessionId))) {
      const wait = await takeFromAddressBudget(tx, 'rating', input.clientHash, now.getTime());
      // The widget reads this answer (its 'error recording rating' toast, spec 01 §8): a Persian 429 with Retry-After.
      if (wait > 0) throw new AppError('rate_limited', RATINGS_FLOODED, { 'retry-after': String(wait) });
    }
    await ratingRepo.upsert(tx, { articleId: input.articleId, sessionId: input.sessionId, rating: input.rating, now });
  });
  return { success: true as const, message: 'امتیاز شما ثبت شد', ...(await summary(db, input.articleId, input.sessionId)) };
}
