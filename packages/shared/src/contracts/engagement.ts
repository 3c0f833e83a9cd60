// Reader engagement on the article page (spec 02): comments and their moderation
// (spec 03 §7), ratings, bookmarks, views and analytics.
import { z } from 'zod';
import { plainNumber } from './plain-number.ts';
import { MAX_ID } from './page-reads.ts';
import { errorResponse } from './common.ts';
import { COMMENT_CONTENT_MAX, COMMENT_MESSAGES, COMMENT_NAME_MAX } from '../text/comments.ts';

const positiveId = (label: string) => plainNumber(z.coerce.number({ error: `${label} باید عدد باشد` })
  .int(`${label} باید عدد صحیح باشد`).positive(`${label} باید مثبت باشد`).max(MAX_ID, `${label} بیش از حد بزرگ است`));
const articleId = positiveId('شناسه مقاله');
/** A comment id inside a JSON body: a number, never `true`, `"1"` or `[1]` read as one. */
const commentIdInBody = z.number({ error: 'شناسه نظر باید عدد باشد' })
  .int('شناسه نظر باید عدد صحیح باشد').positive('شناسه نظر باید مثبت باشد').max(MAX_ID, 'شناسه نظر بیش از حد بزرگ است');

// ---------------------------------------------------------------- visitor session

/** Header carrying the visitor's locally stored random session id. */
export const SESSION_ID_HEADER = 'x-session-id';
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const SESSION_ID_INVALID = 'شناسه نشست نامعتبر است';
export const SESSION_ID_REQUIRED = 'شناسه نشست الزامی است';
export const sessionId = z.string({ error: SESSION_ID_INVALID }).regex(SESSION_ID_PATTERN, SESSION_ID_INVALID);

export const articleIdParam = z.object({ articleId });

// ---------------------------------------------------------------- comments

// The limits and texts live with the browser-safe text helpers (no zod), so the comment form
// can use the very same ones.
export { COMMENT_CONTENT_MAX, COMMENT_MAX_DEPTH, COMMENT_MESSAGES, COMMENT_NAME_MAX } from '../text/comments.ts';

/** The Comment entity of spec 02 §3; authorEmail is never shown publicly (always null). */
export interface Comment {
  id: number;
  content: string;
  authorName: string;
  authorEmail: string | null;
  parentId: number | null;
  createdAt: string;
  isApproved: boolean;
  replies: Comment[];
}
export const comment: z.ZodType<Comment> = z.object({
  id: z.number().int(),
  content: z.string(),
  authorName: z.string(),
  authorEmail: z.string().nullable(),
  parentId: z.number().int().nullable(),
  createdAt: z.string(),
  isApproved: z.boolean(),
  get replies() { return z.array(comment); },
});

/** GET /api/articles/{id}/comments: approved comments, oldest first, replies nested. */
export const commentListResponse = z.object({ comments: z.array(comment) });

/** GET /api/comments/captcha: a signed arithmetic challenge; send `token` back as captchaToken. */
export const captchaChallenge = z.object({
  token: z.string(),
  /** e.g. '۳ + ۷ = ?' */
  question: z.string(),
  expiresAt: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

const emailOrEmpty = z.string({ error: COMMENT_MESSAGES.emailInvalid }).trim().max(254, COMMENT_MESSAGES.emailInvalid)
  .refine((v) => v === '' || z.email().safeParse(v).success, COMMENT_MESSAGES.emailInvalid);

/** POST /api/articles/{id}/comments */
export const createCommentBody = z.object({
  authorName: z.string({ error: COMMENT_MESSAGES.incomplete }).trim()
    .min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_NAME_MAX, COMMENT_MESSAGES.nameTooLong),
  content: z.string({ error: COMMENT_MESSAGES.incomplete }).trim()
    .min(1, COMMENT_MESSAGES.incomplete).max(COMMENT_CONTENT_MAX, COMMENT_MESSAGES.contentTooLong),
  authorEmail: emailOrEmpty.nullish().transform((v) => v || null),
  /** The visitor's answer; Persian digits are accepted. */
  captchaAnswer: z.union([z.string(), z.number()], { error: (issue) => (issue.input == null ? COMMENT_MESSAGES.captchaRequired : COMMENT_MESSAGES.captchaWrong) })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, COMMENT_MESSAGES.captchaRequired).max(10, COMMENT_MESSAGES.captchaWrong)),
  captchaToken: z.string({ error: (issue) => (issue.input == null ? COMMENT_MESSAGES.captchaRequired : COMMENT_MESSAGES.captchaInvalid) })
    .min(1, COMMENT_MESSAGES.captchaRequired).max(512, COMMENT_MESSAGES.captchaInvalid),
  parentId: commentIdInBody.nullish().transform((v) => v ?? null),
  /** Honeypot: a hidden field people leave empty. */
  website: z.string({ error: COMMENT_MESSAGES.rejected }).max(500, COMMENT_MESSAGES.rejected).optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const createCommentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  comment,
});

/** 400 of the comment form: a failed captcha carries a fresh challenge. */
export const commentErrorResponse = errorResponse.extend({ captcha: captchaChallenge.optional() });

/** The admin view of a comment (spec 03 §3), with its article's title and nested replies. */
export interface AdminComment {
  id: number;
  author: string;
  email: string | null;
  content: string;
  articleId: number;
  articleTitle: string;
  parentId: number | null;
  isApproved: boolean;
  createdAt: string;
  replies: AdminComment[];
}
/** What the moderation screens show of any comment, live or deleted. */
const moderatedComment = {
  id: z.number().int(),
  author: z.string(),
  content: z.string(),
  articleId: z.number().int(),
  articleTitle: z.string(),
  parentId: z.number().int().nullable(),
  isApproved: z.boolean(),
  createdAt: z.string(),
};
export const adminComment: z.ZodType<AdminComment> = z.object({
  ...moderatedComment,
  email: z.string().nullable(),
  get replies() { return z.array(adminComment); },
});

export const adminCommentsQuery = z.object({
  status: z.enum(['all', 'pending', 'approved'], { error: 'وضعیت نامعتبر است' }).default('all'),
  limit: plainNumber(z.coerce.number().int().min(1).max(1000)).default(500),
});

/** GET /api/admin/comments: newest threads first; stats count every comment. */
export const adminCommentsResponse = z.object({
  comments: z.array(adminComment),
  stats: z.object({ total: z.number().int(), pending: z.number().int(), approved: z.number().int() }),
});

const commentIds = z.array(commentIdInBody, { error: 'فهرست نظرها نامعتبر است' })
  .min(1, 'هیچ نظری انتخاب نشده است').max(1000, 'حداکثر ۱۰۰۰ نظر در هر عملیات');

/** POST /api/admin/comments/bulk */
/** POST /api/admin/comments/bulk: approve (spec 03 §7), or take approvals back ('unapprove', the undo of a bulk approve). */
export const bulkApproveCommentsBody = z.object({ action: z.enum(['approve', 'unapprove'], { error: 'عملیات نامعتبر است' }), commentIds }).strict();
/** DELETE /api/admin/comments/bulk */
export const bulkDeleteCommentsBody = z.object({ action: z.literal('delete', { error: 'عملیات نامعتبر است' }), commentIds }).strict();

/**
 * Approve, delete and bulk answers; `affected` counts comments changed (deletes include replies).
 * A delete names every comment it took (`deletedIds`, replies too): they are kept, and can be restored.
 * A bulk approve or unapprove names the comments it changed (`changedIds`), for its undo.
 */
export const moderationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  affected: z.number().int(),
  deletedIds: z.array(z.number().int()).optional(),
  changedIds: z.array(z.number().int()).optional(),
});

/** GET /api/admin/comments/deleted: kept deleted comments, most recently deleted first. */
export const deletedCommentsQuery = z.object({ limit: plainNumber(z.coerce.number().int().min(1).max(500)).default(100) });
export const deletedComment = z.object({
  ...moderatedComment,
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  /** When the daily purge removes it for good. */
  purgeAt: z.string(),
});
export type DeletedComment = z.infer<typeof deletedComment>;
export const deletedCommentsResponse = z.object({ comments: z.array(deletedComment), total: z.number().int(), retentionDays: z.number().int() });
export type DeletedCommentsResponse = z.infer<typeof deletedCommentsResponse>;

/** POST /api/admin/comments/restore: deleted comments (a delete's `deletedIds`) put back under their own ids. */
export const restoreCommentsBody = z.object({
  commentIds: z.array(commentIdInBody, { error: 'فهرست نظرها نامعتبر است' }).min(1, 'هیچ نظری انتخاب نشده است').max(20_000, 'حداکثر ۲۰٬۰۰۰ نظر در هر عملیات'),
}).strict();
export type RestoreCommentsBody = z.infer<typeof restoreCommentsBody>;

// ---------------------------------------------------------------- ratings

export const RATING_INVALID = 'امتیاز باید عددی صحیح بین ۱ تا ۵ باشد';

/** GET /api/articles/{id}/rating: the visitor from X-Session-Id or ?sessionId. */
export const ratingQuery = z.object({ sessionId: sessionId.optional() });

/** POST /api/articles/{id}/rating: rating again replaces the visitor's earlier one. */
export const rateArticleBody = z.object({
  rating: z.number({ error: RATING_INVALID }).int(RATING_INVALID).min(1, RATING_INVALID).max(5, RATING_INVALID),
  sessionId: sessionId.optional(),
});

/** Rating response of spec 01 §3: average to one decimal, userRating null when not rated. */
export const ratingResponse = z.object({
  averageRating: z.number(),
  totalRatings: z.number().int(),
  userRating: z.number().int().nullable(),
});
export type RatingSummary = z.infer<typeof ratingResponse>;

export const rateArticleResponse = ratingResponse.extend({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------- bookmarks

export const bookmarkArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  publishedAt: z.string(),
});

/** GET /api/bookmarks: the visitor's bookmarks, newest first (first reading of spec 01). */
export const bookmark = z.object({ articleId: z.number().int(), createdAt: z.string(), article: bookmarkArticle });
export type Bookmark = z.infer<typeof bookmark>;
export const bookmarkList = z.array(bookmark);

export const bookmarksQuery = z.object({ sessionId: sessionId.optional() });

/** Optional body of POST/DELETE /api/bookmarks/{articleId} (the session may come as a header). */
export const bookmarkSessionBody = z.object({ sessionId: sessionId.optional() }).nullish();

/** POST /api/bookmarks: toggles (second reading, article page). */
export const toggleBookmarkBody = z.object({ sessionId: sessionId.optional(), articleId });

export const bookmarkStateResponse = z.object({ bookmarked: z.boolean() });

// ---------------------------------------------------------------- analytics

export const TRACK_EVENTS = ['view', 'view_30s', 'share', 'bookmark_add', 'bookmark_remove'] as const;
export type TrackEvent = (typeof TRACK_EVENTS)[number];
export const SHARE_CHANNELS = ['twitter', 'whatsapp', 'telegram', 'copy', 'native'] as const;

/**
 * POST /api/analytics/track: 'view' on open and 'view_30s' after 30 s, each counted once per
 * session and article; 'share' names its channel in value.
 */
export const trackEventBody = z.object({
  articleId,
  event: z.enum(TRACK_EVENTS, { error: 'نوع رویداد نامعتبر است' }),
  value: z.string().trim().max(64).nullish(),
  userAgent: z.string().max(1000).optional(),
  sessionId: sessionId.optional(),
}).refine((b) => b.event !== 'share' || (SHARE_CHANNELS as readonly string[]).includes(b.value ?? ''), {
  message: 'کانال اشتراک‌گذاری نامعتبر است',
  path: ['value'],
});

export const trackEventResponse = z.object({ recorded: z.boolean() });

/** GET /api/analytics/dashboard (admin): with articleId, views, shares, visitors and reading time narrow to it. */
export const dashboardQuery = z.object({ articleId: articleId.optional() });

export const analyticsDashboard = z.object({
  totalViews: z.number().int(),
  totalArticles: z.number().int(),
  /** Distinct sessions over the last 30 days. */
  uniqueVisitors: z.number().int(),
  totalShares: z.number().int(),
  topArticles: z.array(z.object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    views: z.number().int(),
    publishedAt: z.string(),
  })),
  categoryStats: z.array(z.object({ category: z.string(), count: z.number().int(), views: z.number().int() })),
  /** Distinct sessions with events in the last 5 minutes. */
  realtimeUsers: z.number().int(),
  /** Minutes, one decimal. */
  avgReadingTime: z.number(),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboard>;
