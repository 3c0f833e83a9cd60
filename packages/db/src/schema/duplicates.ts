// The duplicate detector's index (migration 0012): one signature per article and its
// locality-sensitive bands. Triggers on articles and media_assets list the articles whose
// signature is out of date in duplicate_stale; the detector recomputes those before it reads.
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from './content.ts';

export const duplicateSignatures = pgTable('duplicate_signatures', {
  articleId: integer('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  /** Space-separated normalised words. */
  titleWords: text('title_words').notNull().default(''),
  /** 64 MinHash values, 32 bits each, little-endian, in base64 (text: read fast by both drivers). */
  minhash: text('minhash').notNull(),
  /** A 1024-bit Bloom filter of the text's words, in base64. */
  bloom: text('bloom').notNull(),
  numbers: text('numbers').notNull().default(''),
  keywords: text('keywords').notNull().default(''),
  /** Space-separated dHashes of the article's images. */
  images: text('images').notNull().default(''),
  video: text('video'),
  wordCount: integer('word_count').notNull().default(0),
  /** False for articles readers do not see (unpublished at the source or by an admin). */
  active: boolean('active').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const duplicateBands = pgTable('duplicate_bands', {
  band: bigint('band', { mode: 'number' }).notNull(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ name: 'duplicate_bands_pk', columns: [t.band, t.articleId] }), index('duplicate_bands_article_idx').on(t.articleId)]);

export const duplicateStale = pgTable('duplicate_stale', {
  articleId: integer('article_id').primaryKey(),
});
