-- The newsletter sends mail: double opt-in (a signup waits in newsletter_signups until its link is
-- followed; subscribers get confirmed_at), unsubscribes and bounces kept on the subscriber, and
-- digests with one send record per (digest, address), unique so no address gets a digest twice.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "newsletter_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(120),
	"source" varchar(32) DEFAULT 'website' NOT NULL,
	"client_hash" varchar(64) NOT NULL,
	"mail_status" varchar(16) DEFAULT 'queued' NOT NULL,
	"mail_error" text,
	"mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "newsletter_signups_client_idx" ON "newsletter_signups" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_idx" ON "newsletter_signups" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "newsletter_signups_created_idx" ON "newsletter_signups" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "newsletter_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot" varchar(64) NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"subject" text NOT NULL,
	"article_ids" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'sending' NOT NULL,
	"requested_by" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_digests_slot_uq" ON "newsletter_digests" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "newsletter_digests_created_idx" ON "newsletter_digests" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"digest_id" integer NOT NULL REFERENCES "newsletter_digests"("id") ON DELETE cascade,
	"subscriber_id" integer REFERENCES "newsletter_subscribers"("id") ON DELETE set null,
	"email" varchar(254) NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"retry" boolean DEFAULT false NOT NULL,
	"bounced" boolean DEFAULT false NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"claim" varchar(64),
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_sends_digest_email_uq" ON "newsletter_sends" USING btree ("digest_id",lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_sends_digest_status_idx" ON "newsletter_sends" USING btree ("digest_id","status");
