-- An editor can change an article's keywords (its tags and trending topics), and each version
-- keeps them. A version kept before this gets the article's keywords of today: restoring it
-- leaves them as they are, as it did before.
ALTER TABLE "article_versions" ADD COLUMN "keywords" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "article_versions" AS v SET "keywords" = a."keywords" FROM "articles" AS a WHERE a."id" = v."article_id";
