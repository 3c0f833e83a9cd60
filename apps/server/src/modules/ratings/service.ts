import { ARTICLE_NOT_FOUND, type RatingSummary } from '@chapar/shared/contracts';
import type { Db } from '@chapar/db';
import { notFound } from '../../errors.ts';
import { ratingRepo } from './repo.ts';


async function ensureArticle(db: Db, articleId: number): Promise<void> {
  if (!(await ratingRepo.publishedArticleExists(db, articleId))) throw notFound(ARTICLE_NOT_FOUND);
}

/** Average to one decimal (0 when nobody has rated), count, and this visitor's own stars. */
export async function getRating(db: Db, articleId: number, sessionId?: string): Promise<RatingSummary> {
  await ensureArticle(db, articleId);
  const { average, total, mine } = await ratingRepo.summary(db, articleId, sessionId);
  return { averageRating: average === null ? 0 : Math.round(average * 10) / 10, totalRatings: total, userRating: mine };
}

export async function rateArticle(db: Db, input: { articleId: number; sessionId: string; rating: number; now?: Date }) {
  await ensureArticle(db, input.articleId);
  await ratingRepo.upsert(db, { ...input, now: input.now ?? new Date() });
  return { success: true as const, message: 'امتیاز شما ثبت شد', ...(await getRating(db, input.articleId, input.sessionId)) };
}
