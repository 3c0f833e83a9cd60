import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameFa: varchar('name_fa', { length: 64 }).notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const channels = pgTable('channels', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  role: varchar('role', { length: 16 }).notNull(), // primary | secondary
  title: text('title').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  /** Cleaning rules: signature lines, ad markers, "join us" patterns. */
  cleaningRules: jsonb('cleaning_rules').$type<ChannelCleaningRules>().notNull().default({}),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  lastSeenMessageId: bigint('last_seen_message_id', { mode: 'number' }),
  createdAt: createdAt(),
});

export interface ChannelCleaningRules {
  signatures?: string[];
  adMarkers?: string[];
  stripLinks?: boolean;
}

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  // What a card reads (slug, title, excerpt, image_url, image_alt_text, video_url, category,
  // keywords) is kept in the row, not in the TOAST table (STORAGE MAIN, migration 0017).
  slug: varchar('slug', { length: 120 }).notNull().default(''),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull().default(''),
  metaDescription: varchar('meta_description', { length: 160 }),
  imageUrl: text('image_url'),
  imageAltText: text('image_alt_text'),
  videoUrl: text('video_url'),
  videoAltText: text('video_alt_text'),
  /** A frame of the video for the player's poster, and its length in seconds (migration 0013). */
  videoPosterUrl: text('video_poster_url'),
  videoDuration: integer('video_duration'),
  podcastUrl: text('podcast_url'),
  podcastVoice: varchar('podcast_voice', { length: 64 }),
  podcastDuration: integer('podcast_duration'),
  /** The MP3's size in bytes, for the RSS enclosure (migration 0014). */
  podcastBytes: integer('podcast_bytes'),
  category: varchar('category', { length: 32 }).notNull().default('Politics'),
  keywords: text('keywords').notNull().default(''),
  views: integer('views').notNull().default(0),
  featured: boolean('featured').notNull().default(false),
  /** published | draft | unpublished (removed at the source) */
  status: varchar('status', { length: 16 }).notNull().default('published'),
  source: varchar('source', { length: 64 }),
  telegramId: bigint('telegram_id', { mode: 'number' }),
  readingTime: integer('reading_time').notNull().default(1),
  /** Normalised text for full-text search (see @chapar/shared/text normalizePersian). */
  searchTitle: text('search_title').notNull().default(''),
  searchBody: text('search_body').notNull().default(''),
  /**
   * Kept by the database from the two columns above: ranking reads it instead of re-parsing text.
   * Stored in the row itself (STORAGE MAIN, migration 0005), so ranking reads one page per article.
   */
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`setweight(to_tsvector('simple', "search_title"), 'A') || setweight(to_tsvector('simple', "search_body"), 'B')`,
  ),
  /** Why it is not published: an admin's reason, or the post deleted at its source. */
  unpublishedReason: text('unpublished_reason'),
  unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
  /**
   * Fields an admin edited by hand (and `status` once an admin published or unpublished it):
   * re-processing the post (a channel edit, regenerate, the repair jobs) keeps them.
   */
  editedFields: text('edited_fields').array().notNull().default(sql`'{}'::text[]`),
  /** The admin table's title order (migration 0008): a plain column, so its index answers alone. */
  titleSort: text('title_sort').generatedAlwaysAs(sql`left("title", 100)`),
  /** The category's place in Persian alphabetical order (migration 0019; CATEGORY_SORT_RANKS in @chapar/shared/text). */
  categorySort: smallint('category_sort').generatedAlwaysAs(sql`CASE lower("category") WHEN 'education' THEN 1 WHEN 'economy' THEN 2 WHEN 'international' THEN 3 WHEN 'health' THEN 4 WHEN 'politics' THEN 5 WHEN 'culture' THEN 6 WHEN 'technology' THEN 7 WHEN 'sports' THEN 8 ELSE 100 END`),
  /**
   * A card's reading time (spec 01 §2: the body's length / 1000, at least one), counted as
   * JavaScript counts the body (UTF-16 code units: a character past U+FFFF is two), so it is the
   * number the browser computes from the full article (CARD_CHARS_PER_MINUTE in @chapar/shared).
   * Kept by the database (migration 0015): every list and related card read it, and counting a
   * body's characters on each read was a third of reading six cards.
   */
  cardMinutes: integer('card_minutes').notNull().generatedAlwaysAs(
    sql`greatest(1, ceil((2 * char_length("content") - char_length(regexp_replace("content", '[\\U00010000-\\U0010FFFF]', '', 'g')))::numeric / 1000))::int`,
  ),
  contentHash: varchar('content_hash', { length: 64 }),
  imageHash: varchar('image_hash', { length: 32 }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('articles_source_telegram_uq').on(t.source, t.telegramId),
  index('articles_status_published_idx').on(t.status, t.publishedAt.desc().nullsFirst()),
  index('articles_category_published_idx').on(t.category, t.publishedAt.desc().nullsFirst()),
  index('articles_featured_idx').on(t.featured, t.publishedAt.desc().nullsFirst()),
  index('articles_views_idx').on(t.views.desc().nullsFirst()),
  // The admin table's orders (migrations 0007, 0008): each sort with the id as its tie-break and
  // the status last, so the ids of any page, of any status, are read from the index alone.
  index('articles_admin_published_idx').on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status),
  index('articles_admin_title_idx').on(t.titleSort, t.id, t.status),
  index('articles_admin_views_idx').on(t.views, t.id, t.status),
  index('articles_admin_category_idx').on(t.categorySort.desc().nullsFirst(), t.category.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status),
  // Part of a word in a title (the admin search box): trigrams of the normalised title.
  index('articles_search_title_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
  // The search vector plus date, category and views tokens for each article (migrations 0003,
  // 0004), so a query for a common word can be narrowed to the newest days or the most viewed
  // articles inside the index.
  index('articles_search_idx').using('gin', sql`("search_vector" || chapar_search_facets("published_at", "category", "views"))`),
]);

/**
 * Every distinct word of the search index, kept by a trigger on articles (migration 0002). A
 * misspelt query word is matched against this small list by trigram similarity, then searched.
 */
export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
}, (t) => [index('search_terms_trgm_idx').using('gist', sql`${t.term} gist_trgm_ops`)]);

/**
 * One row: a counter the database moves (migration 0016, statement triggers on articles) when
 * what chooses related articles changes: an article added, removed or withdrawn, or its
 * category, keywords or time edited. The server's related-articles window
 * (apps/server/src/modules/articles/related-window.ts) reads it with each article page.
 */
export const relatedVersion = pgTable('related_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const articleRedirects = pgTable('article_redirects', {
  fromId: integer('from_id').primaryKey(),
  toId: integer('to_id').notNull(),
  reason: varchar('reason', { length: 32 }).notNull().default('manual'),
  createdAt: createdAt(),
});

export const mediaAssets = pgTable('media_assets', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
  kind: varchar('kind', { length: 16 }).notNull(), // image | video | audio | document
  storageKey: text('storage_key').notNull().unique(),
  url: text('url').notNull(),
  sourceUrl: text('source_url'),
  mimeType: varchar('mime_type', { length: 100 }).notNull(),
  bytes: integer('bytes').notNull().default(0),
  width: integer('width'),
  height: integer('height'),
  durationSec: integer('duration_sec'),
  /** A video's poster frame, stored beside it (migration 0013). */
  posterUrl: text('poster_url'),
  watermarked: boolean('watermarked').notNull().default(false),
  dhash: varchar('dhash', { length: 32 }),
  position: integer('position').notNull().default(0),
  /** Set aside when no article should show it any more (an edit of its post, a mark applied again; migration 0031): kept for an undo, purged later unless an article still shows it. */
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('media_assets_article_idx').on(t.articleId)]);

/** What an article was before each save (the edit dialog's history); restoring is a save too. */
export const articleVersions = pgTable('article_versions', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
  /** edit | restore | regenerate | job */
  action: varchar('action', { length: 16 }).notNull(),
  title: text('title').notNull(),
  excerpt: text('excerpt').notNull().default(''),
  content: text('content').notNull().default(''),
  category: varchar('category', { length: 32 }).notNull(),
  keywords: text('keywords').notNull().default(''),
  metaDescription: varchar('meta_description', { length: 160 }),
  imageUrl: text('image_url'),
  videoUrl: text('video_url'),
  featured: boolean('featured').notNull().default(false),
  /** Fields the save changed. */
  changedFields: text('changed_fields').array().notNull().default(sql`'{}'::text[]`),
  /** The signed-in admin's username; null when the pipeline made the save. */
  savedBy: varchar('saved_by', { length: 80 }),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('article_versions_article_idx').on(t.articleId, t.id.desc().nullsFirst())]);

/**
 * A deleted article, kept until the daily purge (migration 0026): its row and what hangs from
 * it as JSON, and its media files' ids (those rows lose their article and stay in the store).
 * Restoring writes them back under the same id (apps/server/src/modules/articles/trash.ts).
 */
/**
 * What removing a duplicate gave the article it duplicated: the comments, ratings and bookmarks
 * moved there, the views added. Entries kept before ratings and bookmarks moved lack their ids.
 */
export interface MergedInto { into: number; commentIds: number[]; views: number; ratingIds?: number[]; bookmarkIds?: number[] }

export const deletedArticles = pgTable('deleted_articles', {
  articleId: integer('article_id').primaryKey(),
  title: text('title').notNull(),
  category: varchar('category', { length: 32 }).notNull(),
  status: varchar('status', { length: 16 }).notNull(),
  source: varchar('source', { length: 64 }),
  telegramId: bigint('telegram_id', { mode: 'number' }),
  reason: text('reason'),
  deletedBy: varchar('deleted_by', { length: 80 }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  article: jsonb('article').$type<Record<string, unknown>>().notNull(),
  related: jsonb('related').$type<Record<string, unknown[]>>().notNull(),
  commentCount: integer('comment_count').notNull().default(0),
  fileIds: integer('file_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** A removed duplicate's gifts to the article it duplicated, taken back on restore (migration 0028). */
  merged: jsonb('merged').$type<MergedInto>(),
}, (t) => [index('deleted_articles_deleted_idx').on(t.deletedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())]);
