import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { toPersianDigits } from '../text/digits.ts';
import { MAX_ADMIN_LIMIT } from './common.ts';
import { htmlShowsContent, visibleText } from './visible-text.ts';
import { editorKeywordsField } from './article-keywords.ts';

export const ARTICLE_CATEGORIES = ['Politics', 'Economy', 'Technology', 'Health', 'Culture', 'Sports'] as const;

/** The Article entity of specs 01 §3 and 02 §3, plus the admin fields of spec 03 §3. */
export const article = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  metaDescription: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageAltText: z.string().nullable(),
  videoUrl: z.string().nullable(),
  videoAltText: z.string().nullable(),
  /** A frame of the video for the player's poster, and its length in seconds (taken with ffmpeg when it was stored). */
  videoPosterUrl: z.string().nullable().optional(),
  videoDuration: z.number().int().nullable().optional(),
  podcastUrl: z.string().nullable(),
  podcastVoice: z.string().nullable(),
  podcastDuration: z.number().int().nullable(),
  category: z.string(),
  keywords: z.string(),
  views: z.number().int(),
  featured: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  telegramId: z.number().int().nullable(),
  source: z.string().nullable(),
  readingTime: z.number().int(),
});
export type Article = z.infer<typeof article>;

export const articleList = z.array(article);

/** Persian names of the paging parameters, for their messages. */
export const PAGE_LABEL = 'صفحه';
export const LIMIT_LABEL = 'تعداد';

const positiveInt = (label: string, max: number) =>
  plainNumber(z.coerce.number({ error: `${label} باید عدد باشد` })
    .int(`${label} باید عدد صحیح باشد`)
    .min(1, `${label} باید دست‌کم ۱ باشد`)
    .max(max, `${label} حداکثر ${toPersianDigits(max)} است`));

/** GET /api/articles: page starts at 1; limit capped (the admin table reads up to 1000). */
export const listArticlesQuery = z.object({
  page: positiveInt(PAGE_LABEL, 100_000).default(1),
  limit: positiveInt(LIMIT_LABEL, MAX_ADMIN_LIMIT).default(20),
  category: z.string().max(64).optional(),
});
export type ListArticlesQuery = z.infer<typeof listArticlesQuery>;

export const limitQuery = (fallback: number, max: number) => z.object({ limit: positiveInt(LIMIT_LABEL, max).default(fallback) });

/** GET /api/categories/{slug}/articles: the home page asks for limit=2. */
export const categoryArticlesQuery = z.object({
  page: positiveInt(PAGE_LABEL, 100_000).default(1),
  limit: positiveInt(LIMIT_LABEL, 100).default(12),
});

export const categorySlugParam = z.object({
  slug: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/i, 'نامک دسته‌بندی نامعتبر است'),
});

/** Why an edit that would leave an article without its text is refused. */
export const ARTICLE_TEXT_MESSAGES = {
  emptyExcerpt: 'خلاصهٔ مقاله نمی‌تواند خالی باشد',
  emptyContent: 'محتوای مقاله نمی‌تواند خالی باشد؛ دست‌کم یک جمله بنویسید یا یک تصویر بگذارید',
} as const;

/** PATCH /api/admin/articles/{id} (spec 03 §7): title, excerpt and content never stored empty. */
export const updateArticleBody = z.object({
  title: visibleText({ label: 'عنوان', min: 3, max: 200 }),
  excerpt: visibleText({ label: 'خلاصه', min: 1, max: 1000, tooShort: ARTICLE_TEXT_MESSAGES.emptyExcerpt }),
  content: z.string({ error: 'محتوا باید متن باشد' }).max(200_000, `محتوا حداکثر ${toPersianDigits(200_000)} نویسه است`)
    .refine(htmlShowsContent, ARTICLE_TEXT_MESSAGES.emptyContent),
  category: z.string().max(32),
  /** Comma-separated, as articles hold them; an empty string leaves the article without any. */
  keywords: editorKeywordsField,
  imageUrl: z.string().max(2000).nullable(),
  videoUrl: z.string().max(2000).nullable(),
  featured: z.boolean(),
  /** Cleaned as the title is; blank clears it, text that shows nothing is refused. */
  metaDescription: visibleText({ label: 'توضیحات متا', min: 0, max: 150, tooLong: 'توضیحات متا حداکثر ۱۵۰ نویسه است' }).nullable(),
  /**
   * The article's updatedAt as the editor's form loaded it: a save made since (another editor, a
   * job, the channel) refuses this one with a 409 rather than overwrite it unseen. Left out, the save
   * goes through as before.
   */
  expectedUpdatedAt: z.iso.datetime({ offset: true, error: 'زمان آخرین ویرایش مقاله نامعتبر است' }),
}).partial().strict();
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;
export const ARTICLE_CHANGED_SINCE = 'این مقاله پس از باز شدن این فرم ذخیره شده است (به‌دست ویراستار دیگری یا یک کار خودکار)؛ تغییرات شما ذخیره نشد و در فرم مانده است.';
