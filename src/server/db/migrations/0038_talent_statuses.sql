ALTER TYPE "event_type" ADD VALUE 'talentJobApplicationStatus.create' BEFORE 'talentDocument.read';--> statement-breakpoint
CREATE TABLE "talent_job_application_status" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_job_application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"visible_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"held_by" jsonb,
	"previous_step_id" uuid,
	"previous_reason_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_job_application_status_status" CHECK ("talent_job_application_status"."status" in ('APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'NOT_SELECTED', 'WITHDRAWN'))
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "talent_status_delay_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_hiring_step" ADD COLUMN "talent_status" text;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD COLUMN "documents_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_job_application_status" ADD CONSTRAINT "talent_job_application_status_talent_job_application_id_talent_job_application_id_fk" FOREIGN KEY ("talent_job_application_id") REFERENCES "talent_job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talent_job_application_status_application_idx" ON "talent_job_application_status" USING btree ("talent_job_application_id","visible_at");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_job_application_status_held_unique" ON "talent_job_application_status" USING btree ("talent_job_application_id") WHERE "talent_job_application_status"."published_at" is null;--> statement-breakpoint
CREATE INDEX "talent_job_application_status_due_idx" ON "talent_job_application_status" USING btree ("visible_at") WHERE "talent_job_application_status"."published_at" is null;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_talent_status_delay_range" CHECK ("company"."talent_status_delay_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "company_hiring_step" ADD CONSTRAINT "company_hiring_step_talent_status" CHECK ("company_hiring_step"."talent_status" in ('APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER'));--> statement-breakpoint
-- Steps named as the default pipeline names them show its words; any other in-progress step shows In review.
UPDATE "company_hiring_step" SET "talent_status" = CASE lower("step_name") WHEN 'applied' THEN 'APPLIED' WHEN 'interview' THEN 'INTERVIEW' WHEN 'offer' THEN 'OFFER' ELSE NULL END WHERE "group" = 'IN_PROGRESS' OR "group" IS NULL;--> statement-breakpoint
-- An application's timeline starts with its arrival (its own creation date); where it stands now is its first change when that reads otherwise.
-- Reasons were always told to the talent until now, so they stay shown.
INSERT INTO "talent_job_application_status" ("talent_job_application_id", "status", "reason", "visible_at", "published_at")
SELECT "now"."id", "now"."status", "now"."reason", "now"."at", "now"."at" FROM (
  SELECT a."id", greatest(a."step_changed_at", a."created_at") AS "at", r."label" AS "reason",
    CASE s."group" WHEN 'HIRED' THEN 'HIRED' WHEN 'REJECTED' THEN 'NOT_SELECTED' WHEN 'WITHDRAWN' THEN 'WITHDRAWN' ELSE coalesce(s."talent_status", 'IN_REVIEW') END AS "status"
  FROM "talent_job_application" a
  JOIN "company_hiring_step" s ON s."id" = a."company_hiring_step_id"
  LEFT JOIN "company_rejection_reason" r ON r."id" = a."rejection_reason_id"
) "now" WHERE "now"."status" <> 'APPLIED';
