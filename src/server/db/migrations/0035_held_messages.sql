ALTER TABLE "message" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "held_by" jsonb;--> statement-breakpoint
CREATE INDEX "message_deliver_at_idx" ON "message" USING btree ("deliver_at") WHERE "message"."deliver_at" is not null;