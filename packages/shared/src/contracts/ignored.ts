// Posts the pipeline left out, and why (spec 03 §2.4/§3).
import { z } from 'zod';

export const IGNORE_REASONS = ['too_short', 'advertisement', 'not_news', 'not_persian', 'duplicate'] as const;
export type IgnoreReason = (typeof IGNORE_REASONS)[number];

/** Persian labels for the reasons, for the admin table. */
export const IGNORE_REASON_LABELS: Record<IgnoreReason, string> = {
  too_short: 'متن کوتاه',
  advertisement: 'تبلیغاتی',
  not_news: 'غیرخبری',
  not_persian: 'غیرفارسی',
  duplicate: 'تکراری',
};

export const ignoredPost = z.object({
  id: z.number().int(),
  telegramId: z.number().int(),
  source: z.string(),
  url: z.string(),
  reason: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  dateFound: z.string(),
  reviewedBy: z.string().nullable(),
  shouldProcess: z.boolean(),
  /** For a duplicate: the article the post repeats. */
  duplicateOf: z.number().int().nullable().optional(),
});
export type IgnoredPost = z.infer<typeof ignoredPost>;

export const ignoredPostList = z.object({
  posts: z.array(ignoredPost),
  stats: z.object({ total: z.number().int(), reviewed: z.number().int(), toProcess: z.number().int() }),
});

export const reviewIgnoredBody = z.object({
  shouldProcess: z.boolean({ error: 'پردازش باید درست یا نادرست باشد' }),
  /** Accepted as the spec sends it, but not trusted: the reviewer is the signed-in admin. */
  adminName: z.string().trim().max(80).optional(),
}).strict();

export const initSampleResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  checked: z.number().int(),
  recorded: z.number().int(),
  errors: z.array(z.string()),
});

export const processIgnoredResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  articleId: z.number().int().nullable(),
  operationId: z.number().int(),
});
