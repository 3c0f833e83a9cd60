ALTER TABLE "media_assets" ADD COLUMN "poster_url" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "video_poster_url" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "video_duration" integer;
