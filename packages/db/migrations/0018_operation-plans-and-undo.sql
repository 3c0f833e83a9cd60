-- Bulk jobs show what they will change before they change it, and what they changed can be undone:
-- an operation keeps its plan and who confirmed or undid it; operation_changes keeps each
-- article as it was before the operation's first write to it.
ALTER TABLE "operations" ADD COLUMN "job" varchar(64);--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "confirmed_by" varchar(80);--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "undone_by" varchar(80);--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "operation_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL REFERENCES "operations"("id") ON DELETE cascade,
	"article_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "operation_changes_op_article_uq" ON "operation_changes" USING btree ("operation_id","article_id");
