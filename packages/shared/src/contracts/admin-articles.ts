// Article administration (spec 03 §7 'Articles' and spec 02's admin tools).
import { z } from 'zod';
import { ARTICLE_NOT_FOUND, MAX_ID } from './page-reads.ts';

export const ADMIN_ARTICLE_MESSAGES = {
  selectionRequired: 'لطفاً مقالات و عملیات مورد نظر را انتخاب کنید',
  notFound: ARTICLE_NOT_FOUND,
  regenerateFailed: 'خطا در بازتولید محتوا',
  uploadFailed: 'آپلود فایل موفقیتآمیز نبود. لطفاً دوباره تلاش کنید.',
  /** The media store failed or did not answer: nothing was stored, and trying later may work. */
  uploadStorageUnavailable: 'ذخیره‌سازی رسانه در دسترس نیست و فایل ذخیره نشد؛ چند دقیقه بعد دوباره بارگذاری کنید.',
  unknownCategory: 'دسته‌بندی نامعتبر است',
  categoryRequired: 'دسته‌بندی مقصد را انتخاب کنید',
} as const;

const articleIds = z.array(z.number().int().positive().max(MAX_ID), { error: ADMIN_ARTICLE_MESSAGES.selectionRequired })
  .min(1, ADMIN_ARTICLE_MESSAGES.selectionRequired)
  .max(1000, 'حداکثر ۱۰۰۰ مقاله در هر عملیات');

export const bulkArticlesBody = z.object({
  // publish/unpublish beside the spec's three: what a job took down is put back in one action.
  // …and 'category': articles the model filed under the wrong section moved together, undoably.
  action: z.enum(['delete', 'feature', 'unfeature', 'publish', 'unpublish', 'category'], { error: ADMIN_ARTICLE_MESSAGES.selectionRequired }),
  articleIds,
  /** Where a 'category' action moves the articles: a category's English name, slug or Persian name. */
  category: z.string({ error: ADMIN_ARTICLE_MESSAGES.categoryRequired }).trim().min(1, ADMIN_ARTICLE_MESSAGES.categoryRequired).max(64).optional(),
}).strict().refine((body) => body.action !== 'category' || body.category !== undefined, { message: ADMIN_ARTICLE_MESSAGES.categoryRequired, path: ['category'] });
export type BulkArticlesBody = z.infer<typeof bulkArticlesBody>;

/** What a bulk action did: its message, and the articles it changed (what its undo puts back). */
export const bulkArticlesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  changedIds: z.array(z.number().int()),
  /** A bulk publish or unpublish is kept as an operation: its undo puts each article back as it was (its reason too). */
  operationId: z.number().int().optional(),
});
export type BulkArticlesResponse = z.infer<typeof bulkArticlesResponse>;

export const REGENERABLE_FIELDS = ['title', 'excerpt', 'metaDescription', 'content'] as const;

export const aiRegenerateBody = z.object({
  field: z.enum(REGENERABLE_FIELDS, { error: 'فیلد نامعتبر است' }),
  content: z.string().trim().min(1, 'متنی برای بازتولید وجود ندارد').max(200_000),
}).strict();
export const AI_UNAVAILABLE_MESSAGE = 'سرویس هوش مصنوعی در دسترس نبود؛ این متن را بازنویس آفلاین نوشته است';
export const aiRegenerateResponse = z.object({
  regeneratedContent: z.string(),
  /** Present when the offline rewriter wrote the value (no AI configured, or it did not answer). */
  rewriter: z.literal('offline').optional(),
  /** The AI is configured but did not answer. */
  aiUnavailable: z.literal(true).optional(),
  /** Persian: why the value is the offline rewriter's. */
  message: z.string().optional(),
});

export const uploadFileResponse = z.object({
  url: z.string(),
  /** image | video | audio | document */
  kind: z.string(),
  mimeType: z.string(),
  bytes: z.number().int(),
  /** HTML the editor appends to the content for this file. */
  embedHtml: z.string(),
  /** A video's poster frame and length in seconds, taken with ffmpeg (null without it). */
  posterUrl: z.string().nullable().optional(),
  durationSec: z.number().int().nullable().optional(),
});

/** POST /api/admin/regenerate-article/{id} (spec 02 §7). */
/** overwriteEdits: also replace the fields an admin edited by hand (they are kept otherwise). */
export const regenerateArticleBody = z.object({ verbose: z.boolean().optional(), overwriteEdits: z.boolean().optional() }).strict().nullish();
export const regenerateArticleResponse = z.object({
  success: z.boolean(),
  process: z.array(z.string()),
  message: z.string(),
  newArticleId: z.number().int(),
  articleId: z.number().int(),
  operationId: z.number().int(),
});

/** POST /api/admin/fix-article-image/{id} (spec 02 §7). */
export const fixArticleImageResponse = z.object({
  success: z.boolean(),
  process: z.array(z.string()),
  message: z.string(),
  articleId: z.number().int(),
  imageUrl: z.string().nullable(),
  operationId: z.number().int(),
});

/** DELETE /api/admin/articles/{id}: `blocked` says the Telegram post went on the blocklist. */
export const deleteArticleResponse = z.object({ success: z.boolean(), message: z.string(), blocked: z.boolean() });
