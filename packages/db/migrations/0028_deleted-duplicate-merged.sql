-- What removing a duplicate gave the article it duplicated (the comments moved there, the views
-- added to it), so that restoring the duplicate takes them back.
ALTER TABLE "deleted_articles" ADD COLUMN "merged" jsonb;
