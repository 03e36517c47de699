CREATE TYPE "job_alert_frequency" AS ENUM('daily', 'weekly');--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'jobAlert.create' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'jobAlert.update' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'jobAlert.delete' BEFORE 'company.update';--> statement-breakpoint
CREATE TABLE "job_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"frequency" "job_alert_frequency" DEFAULT 'daily' NOT NULL,
	"checked_through" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_alert" ADD CONSTRAINT "job_alert_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_user_query_unique" ON "job_alert" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "job_alert_frequency_checked_idx" ON "job_alert" USING btree ("frequency","checked_through");