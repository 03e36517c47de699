ALTER TYPE "event_type" ADD VALUE 'interviewPlan.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'interview.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'interview.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'interviewScorecard.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'interviewScorecard.update';--> statement-breakpoint
CREATE TABLE "interview" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_application_id" uuid NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"company_hiring_step_id" uuid,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"slot_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"location_kind" text NOT NULL,
	"location" text,
	"interviewer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"scorecard" jsonb NOT NULL,
	"organizer_user_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"other_times_note" text,
	"cancel_reason" text,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_status" CHECK ("interview"."status" in ('PROPOSED', 'BOOKED', 'CANCELLED')),
	CONSTRAINT "interview_booked_has_time" CHECK ("interview"."status" <> 'BOOKED' or ("interview"."slot_id" is not null and "interview"."starts_at" is not null and "interview"."ends_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "interview_offered_slot" (
	"interview_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	CONSTRAINT "interview_offered_slot_interview_id_slot_id_pk" PRIMARY KEY("interview_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "interview_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"company_hiring_step_id" uuid NOT NULL,
	"duration_minutes" integer NOT NULL,
	"interviewer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"location_kind" text NOT NULL,
	"location" text,
	"scorecard" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_reminder" (
	"interview_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_reminder_interview_id_kind_starts_at_pk" PRIMARY KEY("interview_id","kind","starts_at")
);
--> statement-breakpoint
CREATE TABLE "interview_scorecard" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"interviewer_user_id" uuid NOT NULL,
	"ratings" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"recommendation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_scorecard_recommendation" CHECK ("interview_scorecard"."recommendation" in ('STRONG_NO', 'NO', 'YES', 'STRONG_YES'))
);
--> statement-breakpoint
CREATE TABLE "interview_slot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_slot_ends_after_start" CHECK ("interview_slot"."ends_at" > "interview_slot"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_job_application_id_talent_job_application_id_fk" FOREIGN KEY ("job_application_id") REFERENCES "talent_job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_company_hiring_step_id_company_hiring_step_id_fk" FOREIGN KEY ("company_hiring_step_id") REFERENCES "company_hiring_step"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_slot_id_interview_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "interview_slot"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview" ADD CONSTRAINT "interview_organizer_user_id_user_id_fk" FOREIGN KEY ("organizer_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offered_slot" ADD CONSTRAINT "interview_offered_slot_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_offered_slot" ADD CONSTRAINT "interview_offered_slot_slot_id_interview_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "interview_slot"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_plan" ADD CONSTRAINT "interview_plan_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_plan" ADD CONSTRAINT "interview_plan_company_hiring_step_id_company_hiring_step_id_fk" FOREIGN KEY ("company_hiring_step_id") REFERENCES "company_hiring_step"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_reminder" ADD CONSTRAINT "interview_reminder_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecard" ADD CONSTRAINT "interview_scorecard_interview_id_interview_id_fk" FOREIGN KEY ("interview_id") REFERENCES "interview"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_scorecard" ADD CONSTRAINT "interview_scorecard_interviewer_user_id_user_id_fk" FOREIGN KEY ("interviewer_user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slot" ADD CONSTRAINT "interview_slot_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slot" ADD CONSTRAINT "interview_slot_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_slot_booked_once" ON "interview" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "interview_company_start_idx" ON "interview" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "interview_talent_start_idx" ON "interview" USING btree ("talent_profile_id","starts_at");--> statement-breakpoint
CREATE INDEX "interview_application_idx" ON "interview" USING btree ("job_application_id");--> statement-breakpoint
CREATE INDEX "interview_offered_slot_slot_idx" ON "interview_offered_slot" USING btree ("slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_plan_step_unique" ON "interview_plan" USING btree ("company_hiring_step_id");--> statement-breakpoint
CREATE INDEX "interview_plan_company_idx" ON "interview_plan" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_scorecard_interviewer_unique" ON "interview_scorecard" USING btree ("interview_id","interviewer_user_id");--> statement-breakpoint
CREATE INDEX "interview_slot_company_start_idx" ON "interview_slot" USING btree ("company_id","starts_at");