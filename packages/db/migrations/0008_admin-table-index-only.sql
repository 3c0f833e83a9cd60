-- The admin table's pages read from its indexes alone (bench/admin-articles.ts): each order's
-- index ends with the status, so a page of any status finds its 20 ids without visiting the
-- table, however deep the page; the title order reads a stored first 100 characters of the
-- title (an index on an expression cannot answer alone).
DROP INDEX "articles_admin_published_idx";--> statement-breakpoint
DROP INDEX "articles_admin_title_idx";--> statement-breakpoint
DROP INDEX "articles_admin_views_idx";--> statement-breakpoint
DROP INDEX "articles_admin_category_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "title_sort" text GENERATED ALWAYS AS (left("title", 100)) STORED;--> statement-breakpoint
CREATE INDEX "articles_admin_published_idx" ON "articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");--> statement-breakpoint
CREATE INDEX "articles_admin_title_idx" ON "articles" USING btree ("title_sort","id","status");--> statement-breakpoint
CREATE INDEX "articles_admin_views_idx" ON "articles" USING btree ("views","id","status");--> statement-breakpoint
CREATE INDEX "articles_admin_category_idx" ON "articles" USING btree ("category" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");