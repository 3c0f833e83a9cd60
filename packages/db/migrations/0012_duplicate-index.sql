CREATE TABLE "duplicate_signatures" (
	"article_id" integer PRIMARY KEY NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	"title" text DEFAULT '' NOT NULL,
	"title_words" text DEFAULT '' NOT NULL,
	"minhash" text NOT NULL,
	"bloom" text NOT NULL,
	"numbers" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"images" text DEFAULT '' NOT NULL,
	"video" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_bands" (
	"band" bigint NOT NULL,
	"article_id" integer NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
	CONSTRAINT "duplicate_bands_pk" PRIMARY KEY ("band", "article_id")
);
--> statement-breakpoint
CREATE INDEX "duplicate_bands_article_idx" ON "duplicate_bands" USING btree ("article_id");
--> statement-breakpoint
CREATE TABLE "duplicate_stale" (
	"article_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "duplicate_stale" ("article_id") SELECT "id" FROM "articles";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chapar_duplicate_stale_article() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO duplicate_stale (article_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_duplicate_stale AFTER INSERT OR UPDATE OF title, content, image_url, video_url, status, published_at ON articles
  FOR EACH ROW EXECUTE FUNCTION chapar_duplicate_stale_article();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chapar_duplicate_stale_media() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.article_id IS NOT NULL THEN
    INSERT INTO duplicate_stale (article_id) VALUES (NEW.article_id) ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.article_id IS NOT NULL AND OLD.article_id IS DISTINCT FROM NEW.article_id THEN
    INSERT INTO duplicate_stale (article_id) VALUES (OLD.article_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_assets_duplicate_stale AFTER INSERT OR UPDATE OF article_id, dhash ON media_assets
  FOR EACH ROW EXECUTE FUNCTION chapar_duplicate_stale_media();
--> statement-breakpoint
ALTER TABLE "ignored_posts" ADD COLUMN "duplicate_of" integer;
