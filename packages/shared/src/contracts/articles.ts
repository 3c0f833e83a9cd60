import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { toPersianDigits } from '../text/digits.ts';
import { MAX_ADMIN_LIMIT } from './common.ts';

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


const positiveInt = (label: string, max: number) =>
  plainNumber(z.coerce.number({ error: `${label} باید عدد باشد` })
    .int(`${label} باید عدد صحیح باشد`)
    .min(1, `${label} باید دست‌کم ۱ باشد`)
    .max(max, `${label} حداکثر ${toPersianDigits(max)} است`));

/** GET /api/articles: page starts at 1; limit capped (the admin table reads up to 1000). */
export const listArticlesQuery = z.object({
  page: positiveInt('page', 100_000).default(1),
  limit: positiveInt('limit', MAX_ADMIN_LIMIT).default(20),
  category: z.string().max(64).optional(),
});
export type ListArticlesQuery = z.infer<typeof listArticlesQuery>;

export const limitQuery = (fallback: number, max: number) => z.object({ limit: positiveInt('limit', max).default(fallback) });

/** GET /api/categories/{slug}/articles: the home page asks for limit=2. */
export const categoryArticlesQuery = z.object({
  page: positiveInt('page', 100_000).default(1),
  limit: positiveInt('limit', 100).default(12),
});

export const categorySlugParam = z.object({
  slug: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/i, 'نامک دسته‌بندی نامعتبر است'),
});

/** PATCH /api/admin/articles/{id} (spec 03 §7). */
export const updateArticleBody = z.object({
  title: z.string().trim().min(3).max(200),
  excerpt: z.string().max(1000),
  content: z.string().max(200_000),
  category: z.string().max(32),
  imageUrl: z.string().max(2000).nullable(),
  videoUrl: z.string().max(2000).nullable(),
  featured: z.boolean(),
  metaDescription: z.string().max(150, 'توضیحات متا حداکثر ۱۵۰ نویسه است').nullable(),
}).partial().strict();
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;
