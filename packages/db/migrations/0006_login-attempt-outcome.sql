-- A login attempt is written before its password is checked (so concurrent attempts count each
-- other) and marked when it succeeds: successful ones tell which addresses a user logs in from.
ALTER TABLE "login_attempts" ADD COLUMN "succeeded" boolean DEFAULT false NOT NULL;