-- What an operation's job left in each article it changed, beside what was there before: an undo
-- then tells an editor's later edit from the job's own write by the values, not by a time window.
ALTER TABLE "operation_changes" ADD COLUMN "after" jsonb;
