-- Consent for talent pools and retention (lib/talent-pools/pool-consent.ts and retention.ts,
-- docs/personal-data.md "Talent pools" and "Retention"): one consent row per company and talent,
-- asked when the company first saves her; each company's periods for ended applications and pool
-- agreements; when the retention job erased an application. Talents saved before this release
-- are asked now: each pair gets an open request, which she answers from her settings (no mail
-- is sent for these).
CREATE TYPE "pool_consent_status" AS ENUM('requested', 'accepted', 'declined', 'withdrawn', 'expired');--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'talentPoolConsent.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'talentPoolConsent.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'dataRetention.delete';--> statement-breakpoint
CREATE TABLE "talent_pool_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"status" "pool_consent_status" DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by_id" uuid,
	"answered_at" timestamp with time zone,
	"shown_text" text,
	"shown_language" text,
	"last_contact_at" timestamp with time zone,
	"renewal_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "refused_application_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "pool_consent_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD COLUMN "retention_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_pool_consent" ADD CONSTRAINT "talent_pool_consent_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_consent" ADD CONSTRAINT "talent_pool_consent_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_consent" ADD CONSTRAINT "talent_pool_consent_requested_by_id_user_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_pool_consent_company_talent_unique" ON "talent_pool_consent" USING btree ("company_id","talent_profile_id");--> statement-breakpoint
CREATE INDEX "talent_pool_consent_talent_profile_id_idx" ON "talent_pool_consent" USING btree ("talent_profile_id");--> statement-breakpoint
CREATE INDEX "talent_pool_consent_accepted_idx" ON "talent_pool_consent" USING btree ("last_contact_at") WHERE "talent_pool_consent"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "talent_job_application_retention_idx" ON "talent_job_application" USING btree ("company_id","step_changed_at") WHERE "talent_job_application"."retention_erased_at" is null;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_refused_application_months_range" CHECK ("company"."refused_application_months" between 1 and 6);--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_pool_consent_months_range" CHECK ("company"."pool_consent_months" between 1 and 24);--> statement-breakpoint
INSERT INTO "talent_pool_consent" ("company_id", "talent_profile_id", "requested_at", "requested_by_id")
SELECT "company_id", "talent_profile_id", min("created_at"), (array_agg("user_id" ORDER BY "created_at"))[1]
FROM "company_saved_talent"
GROUP BY "company_id", "talent_profile_id";
