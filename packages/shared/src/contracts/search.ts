import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { article } from './articles.ts';
import { visibleText } from './visible-text.ts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from '../text/search.ts';

export const SEARCH_SORTS = ['relevance', 'date', 'views'] as const;
export const SEARCH_DATES = ['all', 'today', 'week', 'month', '3months'] as const;
export const SEARCH_PAGE_SIZE = 20;

/** GET /api/search/advanced: an empty q is allowed and answers an empty result. */
export const searchQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG).default(''),
  category: z.string().max(64).default('all'),
  sort: z.enum(SEARCH_SORTS, { error: 'ترتیب نامعتبر است' }).default('relevance'),
  date: z.enum(SEARCH_DATES, { error: 'بازه زمانی نامعتبر است' }).default('all'),
  page: plainNumber(z.coerce.number().int().min(1).max(500)).default(1),
  limit: plainNumber(z.coerce.number().int().min(1).max(50)).default(SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResponse = z.object({
  articles: z.array(article),
  total: z.number().int(),
  page: z.number().int(),
  /** 'fulltext' normally; 'fuzzy' when nothing matched exactly and trigram similarity found these. */
  mode: z.enum(['fulltext', 'fuzzy', 'empty']),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const trendingQuery = z.object({ limit: plainNumber(z.coerce.number().int().min(1).max(50)).default(20) });
export const trendingTopic = z.object({
  keyword: z.string(),
  count: z.number().int(),
  trend: z.enum(['up', 'down', 'stable']),
  category: z.string(),
});
export type TrendingTopic = z.infer<typeof trendingTopic>;

export const subscribeBody = z.object({
  email: z.string({ error: 'لطفاً یک ایمیل معتبر وارد کنید' }).trim().max(254).pipe(z.email({ error: 'لطفاً یک ایمیل معتبر وارد کنید' })),
  /** Shown to the admin: stored without direction runs and control characters, as the admin's own edit stores it. */
  name: visibleText({ label: 'نام', min: 0, max: 120, notText: 'نام نامعتبر است' }).optional().nullable(),
});
export const subscribeResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /**
   * Spec 01's field, kept for its readers, but always false: the answer is the same for a new and
   * a known address (issue 34), so the form cannot be used to learn who subscribes.
   */
  alreadySubscribed: z.boolean(),
  /** The subscription waits for the confirmation link mailed to the address (double opt-in). */
  pending: z.boolean(),
  /** The confirmation mail is on its way; false while the site sends no mail (the signup is kept until it does). */
  confirmationMailed: z.boolean(),
});
