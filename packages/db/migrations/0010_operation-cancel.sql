ALTER TABLE "operations" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operations_status_idx" ON "operations" USING btree ("status");
