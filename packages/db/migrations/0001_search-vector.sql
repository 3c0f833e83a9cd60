DROP INDEX "articles_fts_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "search_title"), 'A') || setweight(to_tsvector('simple', "search_body"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("search_vector");