-- Comment captcha tokens already answered, shared by every web process: a token is spent once
-- on the whole site, not once per process. Each row is kept until its token expires anyway.
CREATE TABLE "captcha_spends" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_spends_expires_at_idx" ON "captcha_spends" ("expires_at");
