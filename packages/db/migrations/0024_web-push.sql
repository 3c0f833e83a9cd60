-- Breaking news by Web Push: readers' subscriptions, the alerts admins send (one per article) and
-- one send record per (alert, subscription).
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" varchar(128) NOT NULL,
	"auth" varchar(64) NOT NULL,
	"client_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_client_idx" ON "push_subscriptions" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE TABLE "push_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL REFERENCES "articles"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"status" varchar(16) DEFAULT 'sending' NOT NULL,
	"requested_by" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_alerts_article_uq" ON "push_alerts" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "push_alerts_created_idx" ON "push_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "push_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL REFERENCES "push_alerts"("id") ON DELETE cascade,
	"subscription_id" integer REFERENCES "push_subscriptions"("id") ON DELETE set null,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"status_code" smallint,
	"error" text,
	"claim" varchar(64),
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_sends_alert_subscription_uq" ON "push_sends" USING btree ("alert_id","subscription_id");--> statement-breakpoint
CREATE INDEX "push_sends_alert_status_idx" ON "push_sends" USING btree ("alert_id","status");
