-- Deleted comments are kept for a while so a moderator can put them back: the comment's row as
-- JSON. An entry goes with its article, and the daily purge removes those past the retention.
CREATE TABLE "deleted_comments" (
	"comment_id" integer PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"comment" jsonb NOT NULL,
	"deleted_by" varchar(80),
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "deleted_comments" ADD CONSTRAINT "deleted_comments_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_comments_deleted_idx" ON "deleted_comments" USING btree ("deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_comments_article_idx" ON "deleted_comments" USING btree ("article_id");
