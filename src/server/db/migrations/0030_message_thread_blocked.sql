ALTER TYPE "event_type" ADD VALUE 'messageThread.update';--> statement-breakpoint
ALTER TABLE "message_thread" ADD COLUMN "blocked_side" text;--> statement-breakpoint
ALTER TABLE "message_thread" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_thread" ADD COLUMN "blocked_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_blocked_by_user_id_user_id_fk" FOREIGN KEY ("blocked_by_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_blocked_side" CHECK ("message_thread"."blocked_side" is null or "message_thread"."blocked_side" in ('company', 'talent'));