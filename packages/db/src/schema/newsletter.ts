// The newsletter's mail: signups waiting for their confirmation link, digests, and one send
// record per (digest, address), claimed before its mail goes out so no address gets a digest twice.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { newsletterSubscribers } from './engagement.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A signup as the form sent it. Nothing about a subscriber changes until its confirmation link is
 * followed; the link names this row. mail_status: unsent (no mail service), queued, sending,
 * sent, failed, skipped (the address had a confirmation mail a moment ago).
 */
export const newsletterSignups = pgTable('newsletter_signups', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull(),
  name: varchar('name', { length: 120 }),
  source: varchar('source', { length: 32 }).notNull().default('website'),
  /** A keyed hash of the client's address (request.clientKey), for the per-address limit. */
  clientHash: varchar('client_hash', { length: 64 }).notNull(),
  mailStatus: varchar('mail_status', { length: 16 }).notNull().default('queued'),
  mailError: text('mail_error'),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('newsletter_signups_client_idx').on(t.clientHash, t.createdAt),
  index('newsletter_signups_email_idx').on(sql`lower(${t.email})`, t.createdAt),
  index('newsletter_signups_created_idx').on(t.createdAt),
]);

/** One digest: its articles, chosen once, and who asked (the schedule's slot or an admin). */
export const newsletterDigests = pgTable('newsletter_digests', {
  id: serial('id').primaryKey(),
  /** 'schedule:2026-11-24' or 'admin:{operation}': a retried job finds its digest instead of making another. */
  slot: varchar('slot', { length: 64 }).notNull(),
  trigger: varchar('trigger', { length: 16 }).notNull(),
  subject: text('subject').notNull(),
  articleIds: jsonb('article_ids').$type<number[]>().notNull(),
  /** sending, done, or empty (no article to send: nothing was sent). */
  status: varchar('status', { length: 16 }).notNull().default('sending'),
  requestedBy: varchar('requested_by', { length: 80 }),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [uniqueIndex('newsletter_digests_slot_uq').on(t.slot), index('newsletter_digests_created_idx').on(t.createdAt)]);

/**
 * One digest to one address: queued, sending (claimed by a run), sent, or failed with its reason.
 * `bounced`: the recipient's server refused the address for good. `retry`: a failure the job's
 * next attempt tries again (the server did not take the mail, so sending again cannot duplicate it).
 */
export const newsletterSends = pgTable('newsletter_sends', {
  id: serial('id').primaryKey(),
  digestId: integer('digest_id').notNull().references(() => newsletterDigests.id, { onDelete: 'cascade' }),
  subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
  email: varchar('email', { length: 254 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('queued'),
  retry: boolean('retry').notNull().default(false),
  bounced: boolean('bounced').notNull().default(false),
  attempts: smallint('attempts').notNull().default(0),
  error: text('error'),
  claim: varchar('claim', { length: 64 }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  messageId: varchar('message_id', { length: 255 }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('newsletter_sends_digest_email_uq').on(t.digestId, sql`lower(${t.email})`),
  index('newsletter_sends_digest_status_idx').on(t.digestId, t.status),
]);
