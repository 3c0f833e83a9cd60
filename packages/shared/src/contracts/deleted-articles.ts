// Deleted articles: a deleted article is kept, with its comments, ratings, bookmarks, history
// and files, for TRASH_RETENTION_DAYS, and an editor can put it back until then.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { idParam, okResponse } from './common.ts';
import { MAX_ID } from './page-reads.ts';

export const DELETED_ARTICLE_MESSAGES = {
  notFound: 'این مقاله در فهرست مقاله‌های حذف‌شده نیست',
  selectionRequired: 'هیچ مقاله‌ای انتخاب نشده است',
  /** The article's Telegram post was made into an article again after the delete. */
  remade: 'پست تلگرام این مقاله پس از حذف دوباره به مقاله تبدیل شده است؛ بازگرداندن آن مقاله‌ای تکراری می‌سازد',
  /** An article with the same id exists (a restore that already happened, seen twice). */
  exists: 'مقاله‌ای با همین شناسه روی سایت هست',
  filesLeft: 'پرونده‌های این مقاله از انبار رسانه پاک نشد؛ دوباره امتحان کنید',
} as const;

export const deletedArticle = z.object({
  /** The article's own id: a restore brings it back under the same address. */
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  status: z.string(),
  source: z.string().nullable(),
  telegramId: z.number().int().nullable(),
  reason: z.string().nullable(),
  deletedBy: z.string().nullable(),
  deletedAt: z.string(),
  /** When the daily job removes it for good, with its files. */
  purgeAt: z.string(),
  comments: z.number().int(),
  files: z.number().int(),
  /** The article its Telegram post was made into again, if any: then it cannot be restored. */
  remadeAs: z.number().int().nullable(),
});
export type DeletedArticle = z.infer<typeof deletedArticle>;

export const deletedArticlesQuery = z.object({
  page: plainNumber(z.coerce.number().int().min(1).max(100_000)).default(1),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(50),
});

export const deletedArticleList = z.object({
  articles: z.array(deletedArticle),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  retentionDays: z.number().int(),
});
export type DeletedArticleList = z.infer<typeof deletedArticleList>;

export const restoreDeletedBody = z.object({
  articleIds: z.array(z.number().int().positive().max(MAX_ID), { error: DELETED_ARTICLE_MESSAGES.selectionRequired })
    .min(1, DELETED_ARTICLE_MESSAGES.selectionRequired)
    .max(1000, 'حداکثر ۱۰۰۰ مقاله در هر بار'),
}).strict();
export type RestoreDeletedBody = z.infer<typeof restoreDeletedBody>;

export const restoreDeletedResponse = okResponse.extend({
  restored: z.array(z.number().int()),
  skipped: z.array(z.object({ articleId: z.number().int(), reason: z.string() })),
});
export type RestoreDeletedResponse = z.infer<typeof restoreDeletedResponse>;

export const deletedArticleParams = idParam;
