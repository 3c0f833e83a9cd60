-- A post's file its edited post no longer shows is set aside, not deleted: an undo of the run that
-- replaced it can show it again. The daily purge removes files set aside past the trash retention.
ALTER TABLE "media_assets" ADD COLUMN "replaced_at" timestamp with time zone;
