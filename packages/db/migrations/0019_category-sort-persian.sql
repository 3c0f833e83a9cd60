-- The admin table orders categories by their Persian names (آموزش, اقتصاد, بین‌الملل, ...), not by
-- the English names articles store: a stored rank in Persian alphabetical order of the fixed
-- categories (packages/shared/src/text/categories.ts, CATEGORY_SORT_RANKS), any other category
-- after them, and the category order's index on it, ending with the status as before (0008).
DROP INDEX "articles_admin_category_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "category_sort" smallint GENERATED ALWAYS AS (CASE lower("category") WHEN 'education' THEN 1 WHEN 'economy' THEN 2 WHEN 'international' THEN 3 WHEN 'health' THEN 4 WHEN 'politics' THEN 5 WHEN 'culture' THEN 6 WHEN 'technology' THEN 7 WHEN 'sports' THEN 8 ELSE 100 END) STORED;--> statement-breakpoint
CREATE INDEX "articles_admin_category_idx" ON "articles" USING btree ("category_sort" DESC NULLS FIRST,"category" DESC NULLS FIRST,"published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");
