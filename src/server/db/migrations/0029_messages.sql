ALTER TYPE "event_type" ADD VALUE 'message.create';--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_user_id" uuid,
	"from_company" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_thread" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"job_application_id" uuid,
	"talent_invitation_id" uuid,
	"job_assignment_id" uuid,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_thread_one_subject" CHECK (num_nonnulls("message_thread"."job_application_id", "message_thread"."talent_invitation_id", "message_thread"."job_assignment_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "message_thread_read" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_thread_id_message_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "message_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_job_application_id_talent_job_application_id_fk" FOREIGN KEY ("job_application_id") REFERENCES "talent_job_application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_talent_invitation_id_talent_invitation_id_fk" FOREIGN KEY ("talent_invitation_id") REFERENCES "talent_invitation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread" ADD CONSTRAINT "message_thread_job_assignment_id_job_assignment_id_fk" FOREIGN KEY ("job_assignment_id") REFERENCES "job_assignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_read" ADD CONSTRAINT "message_thread_read_thread_id_message_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "message_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_thread_read" ADD CONSTRAINT "message_thread_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_thread_created_idx" ON "message" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_thread_job_application_unique" ON "message_thread" USING btree ("job_application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_thread_talent_invitation_unique" ON "message_thread" USING btree ("talent_invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_thread_job_assignment_company_unique" ON "message_thread" USING btree ("job_assignment_id","company_id");--> statement-breakpoint
CREATE INDEX "message_thread_company_last_idx" ON "message_thread" USING btree ("company_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_thread_talent_last_idx" ON "message_thread" USING btree ("talent_profile_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "message_thread_read_thread_user_unique" ON "message_thread_read" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE INDEX "message_thread_read_user_idx" ON "message_thread_read" USING btree ("user_id");