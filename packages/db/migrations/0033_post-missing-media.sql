-- A post published without a file Telegram may still give (its media host answered 5xx or 429,
-- or timed out, on the last attempt) keeps what its article lacks and why; a later check fetches
-- the file again and clears it once stored.
ALTER TABLE "telegram_posts" ADD COLUMN "missing_media" text;
