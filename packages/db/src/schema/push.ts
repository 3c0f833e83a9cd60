// Breaking news by Web Push: the readers' browser subscriptions, each breaking-news alert an
// admin sent, and one send record per (alert, subscription).
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { articles } from './content.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A browser's push subscription (its endpoint and keys), as PushManager.subscribe() gave it. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  endpoint: text('endpoint').notNull(),
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: varchar('p256dh', { length: 128 }).notNull(),
  auth: varchar('auth', { length: 64 }).notNull(),
  /** A keyed hash of the client's address (request.clientKey), for the per-address limit. */
  clientHash: varchar('client_hash', { length: 64 }).notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_client_idx').on(t.clientHash, t.createdAt)]);

/** One article pushed as breaking news; an article is pushed once. status: sending, done. */
export const pushAlerts = pgTable('push_alerts', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  url: text('url').notNull(),
  status: varchar('status', { length: 16 }).notNull().default('sending'),
  requestedBy: varchar('requested_by', { length: 80 }),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [uniqueIndex('push_alerts_article_uq').on(t.articleId), index('push_alerts_created_idx').on(t.createdAt)]);

/**
 * One alert to one subscription: queued, sending (claimed by a run), sent, expired (the push
 * service answered 404/410: the subscription was removed) or failed with its reason.
 */
export const pushSends = pgTable('push_sends', {
  id: serial('id').primaryKey(),
  alertId: integer('alert_id').notNull().references(() => pushAlerts.id, { onDelete: 'cascade' }),
  subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  statusCode: smallint('status_code'),
  error: text('error'),
  claim: varchar('claim', { length: 64 }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('push_sends_alert_subscription_uq').on(t.alertId, t.subscriptionId), index('push_sends_alert_status_idx').on(t.alertId, t.status)]);
