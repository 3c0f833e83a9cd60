// Duplicate detection and content verification (spec 03 §3, §5, §7).
import { z } from 'zod';

export const DUPLICATE_MESSAGES = {
  required: 'لطفاً شناسه پست یا محتوا را وارد کنید',
  postIdFormat: 'شناسه پست باید فقط عدد باشد (بدون @ و بدون نام کانال)',
  postNotFound: 'پستی با این شناسه در کانال‌ها پیدا نشد',
  notDuplicate: 'برای این مقاله نسخهٔ اصلی‌ای پیدا نشد؛ حذف انجام نشد',
  articleNotFound: 'مقاله پیدا نشد',
  sameArticle: 'مقالهٔ اصلی و تکراری نمی‌توانند یکی باشند',
  idsRequired: 'لطفا شماره مقالات را به درستی وارد کنید',
} as const;

/** The detector's methods, as the single check names the one that decided. */
export const DUPLICATE_TYPES = ['title_similarity', 'keyword_analysis', 'media_comparison', 'ai_analysis'] as const;
export const MATCH_TYPES = ['title', 'content', 'media', 'video', 'combined'] as const;

export const checkDuplicatePostBody = z.object({
  postId: z.union([z.string().max(200), z.number()]).nullish(),
});
export const checkDuplicateContentBody = z.object({
  content: z.string().max(50_000, 'متن بیش از حد طولانی است').nullish(),
});

export const similarArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  publishedAt: z.string(),
  /** Percent. */
  similarity: z.number(),
  source: z.string().nullable(),
  telegramId: z.number().nullable(),
  isDuplicate: z.boolean(),
  reasons: z.array(z.string()),
});

export const duplicateCheckResult = z.object({
  isDuplicate: z.boolean(),
  /** Percent, 0..100. */
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

export const scanDuplicate = z.object({
  matchType: z.enum(MATCH_TYPES),
  /** 0..1 */
  similarityScore: z.number(),
  /** keep_original, keep_duplicate, or manual_review. */
  recommendation: z.string(),
  reasoning: z.string(),
  detailedAnalysis: z.object({
    titleSimilarity: z.number(),
    contentSimilarity: z.number(),
    mediaSimilarity: z.number(),
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
  /** Candidate pairs compared (from the index's shared bands). */
  comparedPairs: z.number().optional(),
  scannedAt: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResult>;

export const deleteDuplicateQuery = z.object({
  originalId: z.coerce.number({ error: 'شناسه مقالهٔ اصلی باید عدد باشد' }).int().positive().optional(),
});
export const deleteDuplicateResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  deletedId: z.number().int(),
  originalId: z.number().int(),
  movedComments: z.number().int(),
  movedViews: z.number().int(),
});

export const verifyArticlesBody = z.object({
  articleIds: z.array(z.union([z.number(), z.string()])).max(50, 'حداکثر ۵۰ مقاله در هر بار'),
});

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
});
export type VerifyArticlesResponse = z.infer<typeof verifyArticlesResponse>;
