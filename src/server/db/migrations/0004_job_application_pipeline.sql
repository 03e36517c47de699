ALTER TYPE "event_type" ADD VALUE 'talentJobApplication.create' BEFORE 'company.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'talentJobApplication.update' BEFORE 'company.update';--> statement-breakpoint
CREATE TABLE "company_rejection_reason" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_rejection_reason_kind" CHECK ("company_rejection_reason"."kind" in ('REJECTED', 'WITHDRAWN'))
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "stuck_after_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD COLUMN "step_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD COLUMN "rejection_reason_id" uuid;--> statement-breakpoint
ALTER TABLE "company_rejection_reason" ADD CONSTRAINT "company_rejection_reason_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_rejection_reason_company_idx" ON "company_rejection_reason" USING btree ("company_id","kind","order");--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_rejection_reason_id_company_rejection_reason_id_fk" FOREIGN KEY ("rejection_reason_id") REFERENCES "company_rejection_reason"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_stuck_after_days_range" CHECK ("company"."stuck_after_days" between 1 and 365);--> statement-breakpoint
-- Every company starts with the default reasons (lib/job-applications/rejection-reasons.ts,
-- which new companies get from the application).
INSERT INTO "company_rejection_reason" ("company_id", "kind", "label", "order")
SELECT "company"."id", "reasons"."kind", "reasons"."label", "reasons"."order"
FROM "company" CROSS JOIN (VALUES ('REJECTED', 'Skills do not match the role', 1), ('REJECTED', 'Not enough experience', 2), ('REJECTED', 'Another candidate was chosen', 3), ('REJECTED', 'Salary expectations too far apart', 4), ('REJECTED', 'The position was closed', 5), ('WITHDRAWN', 'Accepted another offer', 6), ('WITHDRAWN', 'No longer looking', 7), ('WITHDRAWN', 'Terms did not suit them', 8), ('WITHDRAWN', 'Stopped answering', 9)) AS "reasons"("kind", "label", "order");--> statement-breakpoint
-- Time in step counts from the last change known: the row's own.
UPDATE "talent_job_application" SET "step_changed_at" = "updated_at";--> statement-breakpoint
-- An application without a step sits in the company's first one, as new ones now do.
UPDATE "talent_job_application" SET "company_hiring_step_id" = (
  SELECT "company_hiring_step"."id" FROM "company_hiring_step"
  JOIN "job_ad" ON "job_ad"."publisher_company_id" = "company_hiring_step"."company_id"
  WHERE "job_ad"."id" = "talent_job_application"."job_ad_id" AND "company_hiring_step"."deleted_at" IS NULL
  ORDER BY "company_hiring_step"."order", "company_hiring_step"."created_at", "company_hiring_step"."id" LIMIT 1
) WHERE "company_hiring_step_id" IS NULL AND "job_ad_id" IS NOT NULL;