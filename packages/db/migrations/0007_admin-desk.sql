-- The admin desk.
-- 1. article_versions: what an article was before each save (edit, restore, regenerate), who
--    saved and when, so the edit dialog can show its history and restore a version.
-- 2. articles.unpublished_reason / unpublished_at: why an article is off the site (an admin's
--    reason, or its post deleted from the channel).
-- 3. articles.edited_fields: fields an admin edited by hand, which re-processing the post keeps.
-- 4. Indexes for the admin table's orders, each with the id as tie-break so a page is read in
--    order from the index, and a trigram index on the normalised title for part-of-a-word search.
CREATE TABLE "article_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"category" varchar(32) NOT NULL,
	"meta_description" varchar(160),
	"image_url" text,
	"video_url" text,
	"featured" boolean DEFAULT false NOT NULL,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"saved_by" varchar(80),
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "unpublished_reason" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "unpublished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_versions_article_idx" ON "article_versions" USING btree ("article_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_admin_published_idx" ON "articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_admin_title_idx" ON "articles" USING btree (left("title", 100),"id");--> statement-breakpoint
CREATE INDEX "articles_admin_views_idx" ON "articles" USING btree ("views","id");--> statement-breakpoint
CREATE INDEX "articles_admin_category_idx" ON "articles" USING btree ("category" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_search_title_trgm_idx" ON "articles" USING gin ("search_title" gin_trgm_ops);