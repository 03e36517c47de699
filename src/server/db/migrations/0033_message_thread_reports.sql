CREATE TABLE "message_thread_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"reporter_user_id" uuid,
	"side" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_thread_report_side" CHECK ("message_thread_report"."side" in ('company', 'talent')),
	CONSTRAINT "message_thread_report_status" CHECK ("message_thread_report"."status" in ('open', 'dismissed', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "message_thread_report" ADD CONSTRAINT "message_thread_report_thread_id_message_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "message_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_report" ADD CONSTRAINT "message_thread_report_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_report" ADD CONSTRAINT "message_thread_report_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_thread_report_status_created_idx" ON "message_thread_report" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_thread_report_thread_idx" ON "message_thread_report" USING btree ("thread_id");