-- Deleted articles are kept for a while so an editor can put them back: the article's row and
-- what hangs from it (comments, ratings, bookmarks, versions, the podcast's speech text) as
-- JSON, and the ids of its media files, which stay in the store until the entry is purged.
CREATE TABLE "deleted_articles" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"source" varchar(64),
	"telegram_id" bigint,
	"reason" text,
	"deleted_by" varchar(80),
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"article" jsonb NOT NULL,
	"related" jsonb NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);--> statement-breakpoint
CREATE INDEX "deleted_articles_deleted_idx" ON "deleted_articles" USING btree ("deleted_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST);
--> statement-breakpoint
-- Keeping (and deleting) an article reads its bookmarks by article: without this index each
-- article read every bookmark.
CREATE INDEX "bookmarks_article_idx" ON "bookmarks" USING btree ("article_id");
