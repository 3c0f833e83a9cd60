// The admin articles table (spec 03 §2.3 'Articles tab'): searched, sorted and paged on the
// server, published and unpublished alike, plus publishing again or taking an article down.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { toPersianDigits } from '../text/digits.ts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '../text/search.ts';
import { article, LIMIT_LABEL, PAGE_LABEL } from './articles.ts';

export const ADMIN_ARTICLES_PAGE_SIZE = 20;
export const ADMIN_ARTICLE_SORTS = ['publishedAt', 'title', 'views', 'category'] as const;
export type AdminArticleSort = (typeof ADMIN_ARTICLE_SORTS)[number];
export const ADMIN_ARTICLE_STATUSES = ['published', 'unpublished', 'all'] as const;
export type AdminArticleStatus = (typeof ADMIN_ARTICLE_STATUSES)[number];

/** Fields an editor can change in the edit dialog; a hand-edited one is kept from re-processing. */
export const EDITABLE_ARTICLE_FIELDS = ['title', 'excerpt', 'content', 'category', 'keywords', 'metaDescription', 'imageUrl', 'videoUrl', 'featured'] as const;
export type EditableArticleField = (typeof EDITABLE_ARTICLE_FIELDS)[number];
/** What `editedFields` may hold: the editable fields, and `status` once an admin published or unpublished it. */
export const PROTECTED_ARTICLE_FIELDS = [...EDITABLE_ARTICLE_FIELDS, 'status'] as const;
export type ProtectedArticleField = (typeof PROTECTED_ARTICLE_FIELDS)[number];

/** Persian names of the fields, for version summaries and the dialog. */
export const ARTICLE_FIELD_LABELS: Record<ProtectedArticleField, string> = {
  title: 'عنوان',
  excerpt: 'خلاصه',
  content: 'محتوا',
  category: 'دسته‌بندی',
  keywords: 'کلیدواژه‌ها',
  metaDescription: 'توضیحات متا',
  imageUrl: 'تصویر',
  videoUrl: 'ویدیو',
  featured: 'ویژه',
  status: 'وضعیت انتشار',
};

export const ADMIN_ARTICLE_TABLE_MESSAGES = {
  published: 'مقاله منتشر شد',
  unpublished: 'مقاله از انتشار خارج شد',
  alreadyPublished: 'مقاله از پیش منتشر شده است',
  alreadyUnpublished: 'مقاله از پیش از انتشار خارج شده است',
  /** The reason recorded when ingestion finds the post deleted from its channel. */
  deletedAtSource: 'پست در کانال تلگرام حذف شده است',
  /** After an article's missing-media mark: when it is asked for again (ingest/missing-media.ts). */
  missingMediaRetry: 'تا یک هفته پس از دریافت پست، هر بررسی دوباره امتحان می‌کند',
} as const;

const intParam = (label: string, min: number, max: number) =>
  plainNumber(z.coerce.number({ error: `${label} باید عدد باشد` })
    .int(`${label} باید عدد صحیح باشد`)
    .min(min, `${label} باید دست‌کم ${toPersianDigits(min)} باشد`)
    .max(max, `${label} حداکثر ${toPersianDigits(max)} است`));

/** GET /api/admin/articles */
export const adminArticlesQuery = z.object({
  search: z.string().trim().max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG).default(''),
  sortBy: z.enum(ADMIN_ARTICLE_SORTS, { error: 'ترتیب نامعتبر است' }).default('publishedAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'جهت ترتیب نامعتبر است' }).default('desc'),
  page: intParam(PAGE_LABEL, 1, 100_000).default(1),
  limit: intParam(LIMIT_LABEL, 1, 100).default(ADMIN_ARTICLES_PAGE_SIZE),
  status: z.enum(ADMIN_ARTICLE_STATUSES, { error: 'وضعیت نامعتبر است' }).default('all'),
});
export type AdminArticlesQuery = z.infer<typeof adminArticlesQuery>;

/** One row of the table: the columns and row actions of spec 03 §2.3. */
export const adminArticleRow = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  views: z.number().int(),
  featured: z.boolean(),
  telegramId: z.number().int().nullable(),
  /** The source channel's username (the badge), or null for an article written on the site. */
  source: z.string().nullable(),
  /** https://t.me/{source}/{telegramId}: 'open the original post'. */
  telegramUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** published | draft | unpublished */
  status: z.string(),
  isPublished: z.boolean(),
  /** Why it is not published (an admin's reason, or the post deleted at the source); null when published. */
  unpublishedReason: z.string().nullable(),
  unpublishedAt: z.string().nullable(),
  /** Fields an admin edited by hand, which re-processing keeps. */
  editedFields: z.array(z.string()),
  /**
   * Published without media Telegram may still give: what it lacks and why («بی‌تصویر: دریافت از
   * تلگرام نشد (…)»), until a later check stores it; null when it lacks nothing.
   */
  missingMedia: z.string().nullable(),
});
export type AdminArticleRow = z.infer<typeof adminArticleRow>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * false when a search matches thousands of articles: `total` is then the database's estimate
   * (show it as "about N"); the pages themselves are exact.
   */
  totalExact: z.boolean(),
});

export const adminArticlesResponse = z.object({ articles: z.array(adminArticleRow), pagination });
export type AdminArticlesResponse = z.infer<typeof adminArticlesResponse>;

/**
 * GET /api/admin/articles/{id} (any status) and the answer of PATCH /api/admin/articles/{id}:
 * the Article entity plus its publishing state and hand-edited fields.
 */
export const adminArticle = article.extend({
  status: z.string(),
  isPublished: z.boolean(),
  unpublishedReason: z.string().nullable(),
  unpublishedAt: z.string().nullable(),
  editedFields: z.array(z.string()),
  telegramUrl: z.string().nullable(),
  /** As on the table's row (adminArticleRow.missingMedia): what the article lacks that Telegram may still give, or null. */
  missingMedia: z.string().nullable(),
});
export type AdminArticle = z.infer<typeof adminArticle>;

/** POST /api/admin/articles/{id}/unpublish */
export const unpublishArticleBody = z.object({
  reason: z.string().trim().max(500, 'دلیل حداکثر ۵۰۰ نویسه است').optional(),
}).strict().nullish();

/** POST /api/admin/articles/{id}/publish and /unpublish */
export const publishStateResponse = z.object({ success: z.boolean(), message: z.string(), article: adminArticleRow });
