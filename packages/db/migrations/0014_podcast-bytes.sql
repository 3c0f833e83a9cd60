ALTER TABLE "articles" ADD COLUMN "podcast_bytes" integer;
