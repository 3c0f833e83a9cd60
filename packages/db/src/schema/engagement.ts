import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { articles } from './content.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id'),
  depth: smallint('depth').notNull().default(0),
  authorName: varchar('author_name', { length: 80 }).notNull(),
  authorEmail: varchar('author_email', { length: 254 }),
  content: text('content').notNull(),
  isApproved: boolean('is_approved').notNull().default(false),
  visitorId: varchar('visitor_id', { length: 64 }),
  ipHash: varchar('ip_hash', { length: 64 }),
  createdAt: createdAt(),
}, (t) => [
  index('comments_article_idx').on(t.articleId, t.createdAt),
  index('comments_parent_idx').on(t.parentId),
  // The per-address comment budget counts an address's recent comments on every post.
  index('comments_ip_created_idx').on(t.ipHash, t.createdAt),
]);

/** A deleted comment, kept for TRASH_RETENTION_DAYS so a moderator can restore it (migration 0027). */
export const deletedComments = pgTable('deleted_comments', {
  commentId: integer('comment_id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  /** The comment's row as it was. */
  comment: jsonb('comment').$type<Record<string, unknown>>().notNull(),
  deletedBy: varchar('deleted_by', { length: 80 }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('deleted_comments_deleted_idx').on(t.deletedAt), index('deleted_comments_article_idx').on(t.articleId)]);

export const ratings = pgTable('ratings', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  sessionId: varchar('session_id', { length: 64 }).notNull(),
  rating: smallint('rating').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('ratings_article_session_uq').on(t.articleId, t.sessionId)]);

export const bookmarks = pgTable('bookmarks', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  sessionId: varchar('session_id', { length: 64 }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('bookmarks_session_article_uq').on(t.sessionId, t.articleId), index('bookmarks_article_idx').on(t.articleId)]);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull(),
  name: varchar('name', { length: 120 }),
  isActive: boolean('is_active').notNull().default(true),
  source: varchar('source', { length: 32 }).notNull().default('website'),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the address's owner followed a confirmation link; only confirmed addresses get mail. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** When the owner unsubscribed (a link or one-click); no mail after it until a new confirmation. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** When a mail server refused the address for good; no mail after it until a new confirmation. */
  bouncedAt: timestamp('bounced_at', { withTimezone: true }),
}, (t) => [uniqueIndex('newsletter_email_lower_uq').on(sql`lower(${t.email})`)]);

export const analyticsEvents = pgTable('analytics_events', {
  id: serial('id').primaryKey(),
  // No foreign key: a deleted article's events stay while it can be restored (under the same id),
  // and go when it is removed for good (articles/trash.ts). Events are only written for published articles.
  articleId: integer('article_id'),
  event: varchar('event', { length: 32 }).notNull(), // view | view_30s | share | bookmark_add | bookmark_remove
  value: varchar('value', { length: 64 }),
  sessionId: varchar('session_id', { length: 64 }),
  userAgent: text('user_agent'),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
}, (t) => [
  index('analytics_events_created_idx').on(t.createdAt),
  index('analytics_events_article_idx').on(t.articleId, t.event),
  uniqueIndex('analytics_view_once_uq').on(t.articleId, t.sessionId, t.event).where(sql`${t.event} in ('view', 'view_30s')`),
]);

/** Comment captcha tokens already answered (by id), shared by every web process until they expire. */
export const captchaSpends = pgTable('captcha_spends', {
  id: varchar('id', { length: 32 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('captcha_spends_expires_at_idx').on(t.expiresAt)]);
