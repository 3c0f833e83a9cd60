// Processing from Telegram (spec 03 §7 'Processing from the generate tab' and
// 'Sync and correction'): request bodies and the answers the admin screens read.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { toPersianDigits } from '../text/digits.ts';
import { IGNORE_REASON_LABELS, type IgnoreReason } from './ignored.ts';
import { operationResponse } from './operations.ts';

/** What ingesting one post did, as reports and logs say it (the server's ingest-post.ts). */
export const INGEST_REASONS = {
  created: 'مقاله ساخته شد',
  updated: 'مقاله به‌روز شد',
  unchanged: 'پیش‌تر منتشر شده است؛ تغییری لازم نبود',
  /** Written again, and it came out as the article already was: nothing changed. */
  same: 'متن تازه همان متن مقاله بود؛ تغییری نکرد',
  skipped: 'مقالهٔ آن از پیش هست؛ رد شد',
  blocked: 'در فهرست مسدود است',
  deleted: 'از کانال حذف شده است؛ مقاله از انتشار خارج شد',
} as const;

/** Who wrote an article's text. */
export const REWRITER_LABELS = { ai: 'بازنویسی با هوش مصنوعی', offline: 'بازنویس آفلاین' } as const;

/** Why a post was left out: 'تکراری (مقالهٔ ۵۴)' for a duplicate of an article. */
export function ignoredReasonText(reason: IgnoreReason | string, duplicateOf?: number | null): string {
  const label = IGNORE_REASON_LABELS[reason as IgnoreReason] ?? 'نادیده گرفته شد';
  return duplicateOf ? `${label} (مقالهٔ ${toPersianDigits(duplicateOf)})` : label;
}

export const LINK_MESSAGES = {
  required: 'لطفاً لینک تلگرام را وارد کنید',
  invalid: 'فرمت لینک تلگرام صحیح نیست',
  mismatch: 'متن پست با متن تأیید شده مطابقت ندارد',
} as const;

const postId = plainNumber(z.coerce.number({ error: 'شناسه پست باید عدد باشد' }).int('شناسه پست باید عدد صحیح باشد')
  .positive('شناسه پست باید مثبت باشد').max(Number.MAX_SAFE_INTEGER, 'شناسه پست بیش از حد بزرگ است'));
const channelName = z.string().trim().max(64).optional();

export const processFromLinkBody = z.object({
  link: z.string({ error: LINK_MESSAGES.required }).trim().min(1, LINK_MESSAGES.required).max(500),
  messageId: z.union([z.string(), z.number()]).optional(),
  channelName,
  /** Text the post must contain (after normalisation), or nothing is processed. */
  contentVerification: z.string().max(5000).optional(),
}).strict();

export const processOptions = z.object({
  verbose: z.boolean().optional(),
  /** false: text only, no media downloaded. */
  extractImages: z.boolean().default(true),
  /** false: the offline rewriter even when an AI endpoint is configured. */
  useAI: z.boolean().default(true),
  /** true: a post that already has an article is left as it is. */
  skipExisting: z.boolean().default(false),
  /** Defaults to the primary channel. */
  channelName,
}).strict();

export const processPostBody = processOptions.extend({ postId });

export const PROCESS_RANGE_MAX = 100;
export const processRangeBody = z.object({
  startId: postId,
  endId: postId,
  options: processOptions.partial().optional(),
}).strict().refine((b) => b.endId >= b.startId, { message: 'بازه باید به صورت شروع-پایان باشد', path: ['endId'] })
  .refine((b) => b.endId - b.startId < PROCESS_RANGE_MAX, { message: `حداکثر ${toPersianDigits(PROCESS_RANGE_MAX)} پست در هر بازه`, path: ['endId'] });

/** POST /api/admin/sync-telegram-post: the spec only says 'the URL is sent'; any of these names works. */
export const syncTelegramPostBody = z.object({
  url: z.string().trim().max(500).optional(),
  link: z.string().trim().max(500).optional(),
  postUrl: z.string().trim().max(500).optional(),
}).refine((b) => Boolean(b.url || b.link || b.postUrl), { message: LINK_MESSAGES.required, path: ['url'] });

export const postOperationResponse = operationResponse.extend({ articleId: z.number().int().nullable() });

export const fixArticleResponse = operationResponse.extend({
  updated: z.boolean(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
});

export const fixAllArticlesResponse = operationResponse.extend({
  result: z.object({
    total: z.number().int(), processed: z.number().int(), updated: z.number().int(),
    errors: z.number().int(), details: z.array(z.string()),
  }),
});

export const mediaSyncResponse = operationResponse.extend({
  report: z.object({
    totalArticles: z.number().int(), processed: z.number().int(), updated: z.number().int(), failed: z.number().int(),
    articles: z.array(z.object({ id: z.number().int(), status: z.string(), message: z.string(), newImageUrl: z.string().nullable() })),
  }),
});

export const smartMediaMatchResponse = operationResponse.extend({
  result: z.object({
    total: z.number().int(), updated: z.number().int(),
    results: z.array(z.object({ articleId: z.number().int(), updated: z.boolean(), reason: z.string() })),
  }),
});

export const preciseSyncResponse = operationResponse.extend({
  result: z.object({ total: z.number().int(), updated: z.number().int(), failed: z.number().int(), details: z.array(z.string()) }),
});

export const migrateVideosResponse = operationResponse.extend({
  totalProcessed: z.number().int(), successful: z.number().int(), failed: z.number().int(), skipped: z.number().int(),
  results: z.array(z.object({ articleId: z.number().int(), status: z.string() })),
});

export const autoEmbedVideosResponse = operationResponse.extend({
  processed: z.number().int(), successful: z.number().int(), failed: z.number().int(),
});

export const fixAllVideosResponse = operationResponse.extend({
  processed: z.number().int(), successful: z.number().int(), failed: z.number().int(),
  results: z.array(z.object({ articleId: z.number().int(), status: z.string(), message: z.string() })),
});

export const fixVideoDuplicatesResponse = operationResponse.extend({
  processed: z.number().int(), fixed: z.number().int(), skipped: z.number().int(),
});
