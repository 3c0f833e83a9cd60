// An article's history (the edit dialog): every save keeps the state it replaced.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { MAX_ID } from './page-reads.ts';

export const ARTICLE_VERSION_MESSAGES = {
  notFound: 'نسخهٔ مورد نظر یافت نشد',
  restored: 'نسخهٔ انتخاب‌شده بازگردانده شد',
} as const;

/**
 * edit: PATCH from the dialog; restore: a version brought back; regenerate: rebuilt from its post;
 * job: a repair or media job's write (its text, cover or video).
 */
export const ARTICLE_VERSION_ACTIONS = ['edit', 'restore', 'regenerate', 'job'] as const;
export type ArticleVersionAction = (typeof ARTICLE_VERSION_ACTIONS)[number];

/** The fields a version keeps: what the article was before the save. */
export const articleVersionFields = z.object({
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  /** Comma-separated (a version kept before migration 0032 holds the keywords the article had then). */
  keywords: z.string(),
  metaDescription: z.string().nullable(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  featured: z.boolean(),
});
export type ArticleVersionFields = z.infer<typeof articleVersionFields>;

/** One entry of the history list (without the body, which GET …/versions/{versionId} gives). */
export const articleVersionSummary = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  /** The title this version had. */
  title: z.string(),
  category: z.string(),
  action: z.enum(ARTICLE_VERSION_ACTIONS),
  /** Fields the save that replaced this version changed. */
  changedFields: z.array(z.string()),
  /** One Persian line: what the save changed and who made it. */
  summary: z.string(),
  /** The signed-in admin who made the save (null for a save by the pipeline). */
  savedBy: z.string().nullable(),
  /** When that save happened: this version was current until then. */
  savedAt: z.string(),
});
export type ArticleVersionSummary = z.infer<typeof articleVersionSummary>;

/** GET /api/admin/articles/{id}/versions: newest first. */
export const articleVersionList = z.object({ versions: z.array(articleVersionSummary) });

/** GET /api/admin/articles/{id}/versions/{versionId} */
export const articleVersion = articleVersionSummary.extend({ fields: articleVersionFields });
export type ArticleVersion = z.infer<typeof articleVersion>;

export const articleVersionParams = z.object({
  id: plainNumber(z.coerce.number({ error: 'شناسه باید عدد باشد' }).int('شناسه باید عدد صحیح باشد').positive('شناسه باید مثبت باشد').max(MAX_ID, 'شناسه بیش از حد بزرگ است')),
  versionId: plainNumber(z.coerce.number({ error: 'شناسه نسخه باید عدد باشد' }).int('شناسه نسخه باید عدد صحیح باشد').positive('شناسه نسخه باید مثبت باشد').max(MAX_ID, 'شناسه نسخه بیش از حد بزرگ است')),
});
