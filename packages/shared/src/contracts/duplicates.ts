// Duplicate detection and content verification (spec 03 §3, §5, §7, §9).
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { MAX_ID } from './page-reads.ts';
import { operationPlan } from './operation-plans.ts';
import { toPersianDigits } from '../text/digits.ts';

export const DUPLICATE_MESSAGES = {
  required: 'لطفاً شناسه پست یا محتوا را وارد کنید',
  postIdFormat: 'شناسه پست باید فقط عدد باشد (بدون @ و بدون نام کانال)',
  postIdRange: 'شناسه پست بیش از حد بزرگ است',
  postNotFound: 'پستی با این شناسه در کانال‌ها پیدا نشد',
  notDuplicate: 'برای این مقاله نسخهٔ اصلی‌ای پیدا نشد؛ حذف انجام نشد',
  articleNotFound: 'مقاله پیدا نشد',
  sameArticle: 'مقالهٔ اصلی و تکراری نمی‌توانند یکی باشند',
  idsRequired: 'لطفا شماره مقالات را به درستی وارد کنید',
} as const;

/**
 * The least text the detector judges (spec 03 §5 hints at 50 characters): below it a few
 * words match half the site and say nothing. Counted after cleaning (links, mentions, emoji
 * and channel signatures gone): letters and digits, and words of two or more of them.
 */
export const DUPLICATE_CHECK_MIN_CHARS = 50;
export const DUPLICATE_CHECK_MIN_WORDS = 8;

export function duplicateTextSize(text: string): { chars: number; words: number } {
  const chars = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const words = text.split(/[^\p{L}\p{N}\p{M}\u200c]+/u).filter((w) => (w.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2).length;
  return { chars, words };
}

/** The refusal for a text too short to judge, or null when it is long enough. */
export function duplicateTextTooShort(text: string, subject: 'text' | 'post' = 'text'): string | null {
  const { chars, words } = duplicateTextSize(text);
  if (chars >= DUPLICATE_CHECK_MIN_CHARS && words >= DUPLICATE_CHECK_MIN_WORDS) return null;
  const what = subject === 'post' ? 'متن این پست' : 'متن';
  return `${what} برای بررسی تکراری بودن کوتاه است: دست‌کم ${toPersianDigits(DUPLICATE_CHECK_MIN_CHARS)} حرف و ${toPersianDigits(DUPLICATE_CHECK_MIN_WORDS)} واژه لازم است (این متن ${toPersianDigits(chars)} حرف و ${toPersianDigits(words)} واژه دارد).`;
}

/** The detector's methods, as the single check names the one that decided. */
export const DUPLICATE_TYPES = ['title_similarity', 'keyword_analysis', 'media_comparison', 'ai_analysis'] as const;
export const MATCH_TYPES = ['title', 'content', 'media', 'video', 'combined'] as const;

export const checkDuplicatePostBody = z.object({
  postId: z.union([z.string().max(200), z.number()]).nullish(),
}).strict();
export const checkDuplicateContentBody = z.object({
  content: z.string().max(50_000, 'متن بیش از حد طولانی است').nullish(),
}).strict();

export const similarArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  publishedAt: z.string(),
  /** Percent: the overall similarity, the weighted mean of the pair's parts. */
  similarity: z.number(),
  /** Percent: the calibrated probability that it is the same story. */
  probability: z.number().optional(),
  source: z.string().nullable(),
  telegramId: z.number().nullable(),
  isDuplicate: z.boolean(),
  reasons: z.array(z.string()),
});

export const duplicateCheckResult = z.object({
  isDuplicate: z.boolean(),
  /**
   * Percent, 0..100: how sure the verdict is. For 'duplicate' the calibrated probability of
   * the same story, for 'not a duplicate' one minus that of the nearest article.
   */
  confidence: z.number(),
  duplicateType: z.enum(DUPLICATE_TYPES),
  /** Milliseconds. */
  processingTime: z.number(),
  details: z.string(),
  duplicateArticles: z.array(similarArticle),
  /** The post checked, for a check by post id. */
  post: z.object({ source: z.string(), telegramId: z.number(), url: z.string() }).optional(),
});
export type DuplicateCheckResult = z.infer<typeof duplicateCheckResult>;

export const scanArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  source: z.string().nullable(),
  telegramId: z.number().nullable(),
  publishedAt: z.string(),
  views: z.number(),
});

/** The weight each part had in a pair's overall similarity (0 for a part the pair lacks); they add up to 1. */
export const similarityWeights = z.object({ content: z.number(), title: z.number(), figures: z.number(), media: z.number() });

export const scanDuplicate = z.object({
  matchType: z.enum(MATCH_TYPES),
  /** 0..1: the overall similarity, Σ weights × parts (detailedAnalysis). */
  similarityScore: z.number(),
  /** 0..1: the calibrated probability that the two are one story. */
  duplicateProbability: z.number().optional(),
  /** keep_original, keep_duplicate, or manual_review. */
  recommendation: z.string(),
  reasoning: z.string(),
  detailedAnalysis: z.object({
    titleSimilarity: z.number(),
    contentSimilarity: z.number(),
    mediaSimilarity: z.number(),
    /** 0..1, null when a side gives no figures. */
    figureSimilarity: z.number().nullable().optional(),
    /** Absent in scans made before the overall similarity was a weighted mean. */
    weights: similarityWeights.optional(),
    keywordMatches: z.array(z.string()),
    reasons: z.array(z.string()),
  }),
  originalArticle: scanArticle,
  duplicateArticle: scanArticle,
});
export type ScanDuplicate = z.infer<typeof scanDuplicate>;

export const scanResult = z.object({
  success: z.boolean(),
  message: z.string(),
  operationId: z.number().int().nullable(),
  status: z.enum(['running', 'success', 'error', 'none']),
  totalArticles: z.number(),
  processingTime: z.number(),
  duplicates: z.array(scanDuplicate),
  /**
   * Near pairs nothing decided (no AI judge, it did not answer, or past its share of the scan),
   * the likeliest first: for the editor to read, not duplicates. Absent from older scans.
   */
  undecided: z.array(scanDuplicate).optional(),
  /** Candidate pairs compared (from the index's shared bands). */
  comparedPairs: z.number().optional(),
  scannedAt: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResult>;

export const deleteDuplicateQuery = z.object({
  originalId: plainNumber(z.coerce.number({ error: 'شناسه مقالهٔ اصلی باید عدد باشد' }).int('شناسه مقالهٔ اصلی باید عدد صحیح باشد')
    .positive('شناسه مقالهٔ اصلی باید مثبت باشد').max(MAX_ID, 'شناسه مقالهٔ اصلی بیش از حد بزرگ است')).optional(),
});
export const deleteDuplicateResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  deletedId: z.number().int(),
  originalId: z.number().int(),
  movedComments: z.number().int(),
  movedViews: z.number().int(),
  /** Readers' ratings and bookmarks moved to the kept article (one a reader had there too stays). */
  movedRatings: z.number().int(),
  movedBookmarks: z.number().int(),
  /** The picture or video only the removed article had, now the kept one's. */
  movedImage: z.boolean(),
  movedVideo: z.boolean(),
});

export const verifyArticlesBody = z.object({
  articleIds: z.array(z.union([z.number(), z.string()])).max(50, 'حداکثر ۵۰ مقاله در هر بار'),
}).strict();

export const qualityScore = z.object({
  overallScore: z.number(),
  specificityScore: z.number(),
  factualContentScore: z.number(),
  lengthScore: z.number(),
  structureScore: z.number(),
  issues: z.array(z.string()),
});
export type QualityScore = z.infer<typeof qualityScore>;

export const qualityAnalysis = z.object({
  id: z.number().int(),
  title: z.string(),
  telegramId: z.number().nullable(),
  needsRegeneration: z.boolean(),
  qualityScore: qualityScore,
  /** When the AI judge was asked too: its score and notes. */
  aiScore: z.number().nullable().optional(),
});

export const regenerationResult = z.object({
  articleId: z.number().int(),
  result: z.object({
    success: z.boolean(),
    message: z.string(),
    rewriter: z.enum(['ai', 'offline']).optional(),
    before: z.number().optional(),
    after: z.number().optional(),
    missing: z.array(z.string()).optional(),
    /** A rewrite was written and waits for the editor (the plan's confirmation applies it). */
    proposed: z.boolean().optional(),
  }),
});

export const verifyArticlesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  totalAnalyzed: z.number().int(),
  needRegeneration: z.number().int(),
  successfullyRegenerated: z.number().int(),
  analyses: z.array(qualityAnalysis),
  regenerationResults: z.array(regenerationResult),
  notFound: z.array(z.number().int()),
  /** The proposed rewrites as a plan: POST /api/admin/operations/{operationId}/confirm applies those the editor keeps. */
  operationId: z.number().int().nullable().optional(),
  plan: operationPlan.nullable().optional(),
});
export type VerifyArticlesResponse = z.infer<typeof verifyArticlesResponse>;
