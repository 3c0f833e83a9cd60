import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { articles } from './content.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Every post seen on a channel, as fetched; the unique key makes re-running any job safe. */
export const telegramPosts = pgTable('telegram_posts', {
  id: serial('id').primaryKey(),
  source: varchar('source', { length: 64 }).notNull(),
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
  groupedId: varchar('grouped_id', { length: 40 }),
  text: text('text').notNull().default(''),
  html: text('html').notNull().default(''),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  contentHash: varchar('content_hash', { length: 64 }).notNull().default(''),
  postedAt: timestamp('posted_at', { withTimezone: true }),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** new | processing | published | ignored | blocked | failed */
  state: varchar('state', { length: 16 }).notNull().default('new'),
  articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
  lastError: text('last_error'),
  /**
   * A published post's files Telegram may still give that its article lacks, as the screens say it
   * («بی‌تصویر: …», media/post-media.ts); null when nothing is missing (migration 0033).
   */
  missingMedia: text('missing_media'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('telegram_posts_source_id_uq').on(t.source, t.telegramId),
  index('telegram_posts_state_idx').on(t.state),
]);

export const ignoredPosts = pgTable('ignored_posts', {
  id: serial('id').primaryKey(),
  source: varchar('source', { length: 64 }).notNull(),
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
  url: text('url').notNull(),
  reason: varchar('reason', { length: 64 }).notNull(),
  content: text('content').notNull().default(''),
  category: varchar('category', { length: 32 }),
  dateFound: timestamp('date_found', { withTimezone: true }).notNull().defaultNow(),
  reviewedBy: varchar('reviewed_by', { length: 80 }),
  shouldProcess: boolean('should_process').notNull().default(false),
  /** For a duplicate: the article the post repeats (migration 0012). */
  duplicateOf: integer('duplicate_of'),
}, (t) => [uniqueIndex('ignored_posts_source_id_uq').on(t.source, t.telegramId)]);

export const blockedPosts = pgTable('blocked_posts', {
  id: serial('id').primaryKey(),
  source: varchar('source', { length: 64 }).notNull(),
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
  title: text('title'),
  reason: text('reason'),
  allowRegeneration: boolean('allow_regeneration').notNull().default(false),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('blocked_posts_source_id_uq').on(t.source, t.telegramId)]);

/** Admin-triggered and scheduled work as the newsroom sees it (the queue itself is pg-boss). */
export const operations = pgTable('operations', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 64 }).notNull(),
  /** The queue the operation's job runs on (a plan's confirmation queues it again). */
  job: varchar('job', { length: 64 }),
  /** queued | running | awaiting (a preview waiting for an editor's confirmation) | success | error */
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  result: jsonb('result').$type<Record<string, unknown>>(),
  logs: jsonb('logs').$type<string[]>().notNull().default([]),
  errors: jsonb('errors').$type<string[]>().notNull().default([]),
  requestedBy: varchar('requested_by', { length: 80 }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Set when an admin cancels the run; the job stops at its next item. */
  cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
  /** What a bulk job will change, shown to an editor before anything changes (modules/operations/plans.ts). */
  plan: jsonb('plan').$type<Record<string, unknown>>(),
  confirmedBy: varchar('confirmed_by', { length: 80 }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  undoneBy: varchar('undone_by', { length: 80 }),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('operations_created_idx').on(t.createdAt), index('operations_status_idx').on(t.status)]);

/**
 * An article as it was before a job changed it, one row per article and operation, so that the
 * operation can be undone (modules/ingest/change-log.ts).
 */
export const operationChanges = pgTable('operation_changes', {
  id: serial('id').primaryKey(),
  operationId: integer('operation_id').notNull().references(() => operations.id, { onDelete: 'cascade' }),
  articleId: integer('article_id').notNull(),
  /** The article's fields before the job's first write to it. */
  before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  /** The same fields after the job's last write to it: a later edit is told apart from the job's own. */
  after: jsonb('after').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
}, (t) => [uniqueIndex('operation_changes_op_article_uq').on(t.operationId, t.articleId)]);

export const settings = pgTable('settings', {
  key: varchar('key', { length: 80 }).primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
