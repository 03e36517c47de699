-- Hand-added (drizzle-kit cannot express these); keep them when regenerating.
-- pg_trgm lives in public so that every schema on the search path finds its operators.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
-- array_to_string is only STABLE; job_ad.search_vector (a generated column) needs IMMUTABLE.
CREATE OR REPLACE FUNCTION immutable_array_to_string(text[], text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string($1, $2) $$;--> statement-breakpoint
CREATE TYPE "assignment_type" AS ENUM('fulltime', 'parttime', 'ondemand');--> statement-breakpoint
CREATE TYPE "balance_transaction_type" AS ENUM('SALARY', 'COMISSION', 'MISC', 'WITHDRAWAL');--> statement-breakpoint
CREATE TYPE "billing_status" AS ENUM('DRAFT', 'SENT', 'APPROVED', 'INVOICED', 'PAID', 'REJECTED');--> statement-breakpoint
CREATE TYPE "employment_type" AS ENUM('freelancer', 'employee');--> statement-breakpoint
CREATE TYPE "event_type" AS ENUM('billing.create', 'billing.update', 'billing.delete', 'companyHiringStep.create', 'companyHiringStep.update', 'companyHiringStep.delete', 'invoice.create', 'invoice.update', 'invoice.delete', 'companyOnUser.create', 'companyOnUser.update', 'companyOnUser.delete', 'companyRole.create', 'companyRole.update', 'companyRole.delete', 'companyTalentNote.create', 'companyTalentNote.update', 'companyTalentNote.delete', 'companyTalentRoster.create', 'companyTalentRoster.update', 'companyTalentRoster.delete', 'jobAd.create', 'jobAd.update', 'jobAd.delete', 'jobAssignment.create', 'jobAssignment.update', 'jobAssignment.delete', 'jobDescription.create', 'jobDescription.update', 'jobDescription.delete', 'talentInvitation.create', 'talentInvitation.update', 'talentInvitation.delete', 'company.update', 'talentProfile.update');--> statement-breakpoint
CREATE TYPE "invoice_status" AS ENUM('PAID', 'UNPAID');--> statement-breakpoint
CREATE TYPE "rate_unit" AS ENUM('HOUR', 'DAY', 'MONTH');--> statement-breakpoint
CREATE TYPE "user_status" AS ENUM('active', 'blocked', 'deleted');--> statement-breakpoint
CREATE TYPE "verification_status" AS ENUM('verified', 'pending', 'rejected', 'deleted');--> statement-breakpoint
CREATE TYPE "work_mode" AS ENUM('remote', 'hybrid', 'onsite');--> statement-breakpoint
CREATE TABLE "admin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idp" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"slug" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"email" text NOT NULL,
	"status" "user_status" DEFAULT 'active' NOT NULL,
	"admin_role_id" uuid,
	"display_name" text,
	"phone_number" text,
	"redirect" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_visit" timestamp with time zone,
	"ipd_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_feature_flag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"feature_flag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notification_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"ui" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"type" "event_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"address" jsonb,
	"country" text,
	"website" text,
	"industry" text,
	"size" text,
	"type" text,
	"logo" text,
	"is_possible_duplicate" boolean DEFAULT false NOT NULL,
	"verification_status" "verification_status" DEFAULT 'pending' NOT NULL,
	"accounting_currency" char(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_accounting_currency_iso" CHECK ("company"."accounting_currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "company_credit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"until" timestamp with time zone,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_currency_iso" CHECK ("company_credit"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "company_default_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" text NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_hiring_step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"step_name" text NOT NULL,
	"step_description" text,
	"order" integer DEFAULT 0 NOT NULL,
	"group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_invoice_detail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_id" uuid,
	"company_id" uuid NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" char(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invoice_detail_currency_iso" CHECK ("company_invoice_detail"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "company_on_provider_company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_on_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"default_permissions_id" uuid,
	"role" text NOT NULL,
	"permissions" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_saved_talent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"company_saved_talent_list_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_saved_talent_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_talent_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"user_id" uuid,
	"note" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_talent_roster" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"talent_profile_id" uuid NOT NULL,
	"manager_id" uuid,
	"company_id" uuid NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" char(3) NOT NULL,
	"employment_type" "employment_type",
	"employee_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_talent_roster_currency_iso" CHECK ("company_talent_roster"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "talent_payment_profile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"talent_profile_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"bank_information" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_payment_profile_currency_iso" CHECK ("talent_payment_profile"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "talent_profile" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_user_id" text,
	"email" text,
	"profile_name" text,
	"identification_token" text,
	"profile_picture" jsonb,
	"job_title" text,
	"total_experience" integer,
	"description" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_available_for_hire" boolean DEFAULT true NOT NULL,
	"work_mode" "work_mode",
	"availability_mode" text,
	"assignment_type" "assignment_type",
	"location" text,
	"interested_to_relocate_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"hourly_rate" numeric(14, 2),
	"monthly_rate" numeric(14, 2),
	"target_hourly_rate" numeric(14, 2),
	"target_monthly_rate" numeric(14, 2),
	"rate_currency" char(3),
	"is_interested_in_relocation" boolean DEFAULT false NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume" jsonb,
	"pdf" jsonb,
	"cv" jsonb,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certification" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification_status" "verification_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"personalized_jobs_found_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "talent_profile_rate_currency_iso" CHECK ("talent_profile"."rate_currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "job_ad" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"location" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_lowercase" text[] DEFAULT '{}'::text[] NOT NULL,
	"ad_description" text,
	"currency" char(3),
	"salary" numeric(14, 2),
	"salary_rate_unit" "rate_unit",
	"language" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"employment_type" "employment_type",
	"work_mode" "work_mode",
	"assignment_type" "assignment_type",
	"job_description_id" uuid,
	"published_at" timestamp with time zone,
	"published_until" timestamp with time zone,
	"publisher_company_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce(immutable_array_to_string("skills", ' '), '')), 'B')
  || setweight(to_tsvector('simple', coalesce("location", '')), 'C')
  || setweight(to_tsvector('simple', CASE "employment_type" WHEN 'freelancer' THEN 'freelancer' WHEN 'employee' THEN 'employee' ELSE '' END), 'C')
  || setweight(to_tsvector('simple', coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "job_ad_currency_iso" CHECK ("job_ad"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "job_ad_published_window" CHECK ("job_ad"."published_until" is null or "job_ad"."published_at" is null or "job_ad"."published_until" >= "job_ad"."published_at")
);
--> statement-breakpoint
CREATE TABLE "job_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_description_id" uuid,
	"talent_profile_id" uuid NOT NULL,
	"sales_company_id" uuid,
	"provider_company_id" uuid,
	"client_company_id" uuid,
	"client_prices_is_visible_to_talent" boolean DEFAULT false NOT NULL,
	"assignment_currency" char(3),
	"team" text,
	"cost_center" text,
	"talent_note" text,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "job_assignment_currency_iso" CHECK ("job_assignment"."assignment_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "job_assignment_dates" CHECK ("job_assignment"."end_date" is null or "job_assignment"."start_date" is null or "job_assignment"."end_date" >= "job_assignment"."start_date")
);
--> statement-breakpoint
CREATE TABLE "job_description" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"location" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_lowercase" text[] DEFAULT '{}'::text[] NOT NULL,
	"salary" numeric(14, 2),
	"salary_rate_unit" "rate_unit",
	"currency" char(3),
	"language" text,
	"open_for_applications" boolean DEFAULT false NOT NULL,
	"work_mode" "work_mode",
	"assignment_type" "assignment_type",
	"client_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "job_description_currency_iso" CHECK ("job_description"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "saved_job_ad" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_ad_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_ad_id" uuid,
	"job_description_id" uuid,
	"talent_profile_id" uuid NOT NULL,
	"invited_by_user_id" uuid,
	"company_id" uuid NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ignored_at" timestamp with time zone,
	"ignored" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talent_job_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_ad_id" uuid,
	"job_description_id" uuid,
	"talent_profile_id" uuid NOT NULL,
	"external_job_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text,
	"company_hiring_step_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"talent_profile_id" uuid NOT NULL,
	"job_assignment_id" uuid,
	"created_by_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"message" text,
	"sales_amount" numeric(14, 2),
	"currency" char(3) NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" "billing_status" DEFAULT 'DRAFT' NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "billing_currency_iso" CHECK ("billing"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "billing_month_range" CHECK ("billing"."month" between 1 and 12),
	CONSTRAINT "billing_year_range" CHECK ("billing"."year" between 1900 and 2099)
);
--> statement-breakpoint
CREATE TABLE "billing_line_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text,
	"amount" numeric(14, 2) NOT NULL,
	"unit" "rate_unit",
	"quantity" numeric(12, 2),
	"price" numeric(14, 2),
	"currency" char(3) NOT NULL,
	"billing_id" uuid NOT NULL,
	"created_by_id" uuid,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_line_item_currency_iso" CHECK ("billing_line_item"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"created_by_id" uuid,
	"from_company_id" uuid,
	"to_company_id" uuid,
	"job_assignment_id" uuid,
	"talent_profile_id" uuid,
	"billing_id" uuid,
	"total" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text,
	"status" "invoice_status" DEFAULT 'UNPAID' NOT NULL,
	"invoice_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "invoice_currency_iso" CHECK ("invoice"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "talent_balance_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_talent_roster_id" uuid NOT NULL,
	"change" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"company_id" uuid NOT NULL,
	"job_assignment_id" uuid,
	"created_by_id" uuid,
	"type" "balance_transaction_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talent_balance_transaction_currency_iso" CHECK ("talent_balance_transaction"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "languages_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department" text,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "general_eventslog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_id" uuid,
	"to_id" uuid,
	"type" "event_type" NOT NULL,
	"event_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_state" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_state_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_admin_role_id_admin_id_fk" FOREIGN KEY ("admin_role_id") REFERENCES "admin"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_ipd_id_idp_id_fk" FOREIGN KEY ("ipd_id") REFERENCES "idp"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feature_flag" ADD CONSTRAINT "user_feature_flag_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feature_flag" ADD CONSTRAINT "user_feature_flag_feature_flag_id_feature_flag_id_fk" FOREIGN KEY ("feature_flag_id") REFERENCES "feature_flag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_preferences" ADD CONSTRAINT "user_notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_hiring_step" ADD CONSTRAINT "company_hiring_step_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoice_detail" ADD CONSTRAINT "company_invoice_detail_talent_id_talent_profile_id_fk" FOREIGN KEY ("talent_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoice_detail" ADD CONSTRAINT "company_invoice_detail_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ADD CONSTRAINT "company_on_provider_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ADD CONSTRAINT "company_on_provider_company_provider_company_id_company_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_on_user" ADD CONSTRAINT "company_on_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_on_user" ADD CONSTRAINT "company_on_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_on_user" ADD CONSTRAINT "company_on_user_role_id_company_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "company_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_permissions" ADD CONSTRAINT "company_permissions_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_role" ADD CONSTRAINT "company_role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_role" ADD CONSTRAINT "company_role_default_permissions_id_company_default_permissions_id_fk" FOREIGN KEY ("default_permissions_id") REFERENCES "company_default_permissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saved_talent" ADD CONSTRAINT "company_saved_talent_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saved_talent" ADD CONSTRAINT "company_saved_talent_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saved_talent" ADD CONSTRAINT "company_saved_talent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saved_talent" ADD CONSTRAINT "company_saved_talent_company_saved_talent_list_id_company_saved_talent_list_id_fk" FOREIGN KEY ("company_saved_talent_list_id") REFERENCES "company_saved_talent_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_saved_talent_list" ADD CONSTRAINT "company_saved_talent_list_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_note" ADD CONSTRAINT "company_talent_note_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_note" ADD CONSTRAINT "company_talent_note_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_note" ADD CONSTRAINT "company_talent_note_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD CONSTRAINT "company_talent_roster_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD CONSTRAINT "company_talent_roster_manager_id_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD CONSTRAINT "company_talent_roster_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_payment_profile" ADD CONSTRAINT "talent_payment_profile_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_profile" ADD CONSTRAINT "talent_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_ad" ADD CONSTRAINT "job_ad_job_description_id_job_description_id_fk" FOREIGN KEY ("job_description_id") REFERENCES "job_description"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_ad" ADD CONSTRAINT "job_ad_publisher_company_id_company_id_fk" FOREIGN KEY ("publisher_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_ad" ADD CONSTRAINT "job_ad_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_job_description_id_job_description_id_fk" FOREIGN KEY ("job_description_id") REFERENCES "job_description"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_sales_company_id_company_id_fk" FOREIGN KEY ("sales_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_provider_company_id_company_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_client_company_id_company_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_description" ADD CONSTRAINT "job_description_client_company_id_company_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_job_ad" ADD CONSTRAINT "saved_job_ad_job_ad_id_job_ad_id_fk" FOREIGN KEY ("job_ad_id") REFERENCES "job_ad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_job_ad" ADD CONSTRAINT "saved_job_ad_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_invitation" ADD CONSTRAINT "talent_invitation_job_ad_id_job_ad_id_fk" FOREIGN KEY ("job_ad_id") REFERENCES "job_ad"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_invitation" ADD CONSTRAINT "talent_invitation_job_description_id_job_description_id_fk" FOREIGN KEY ("job_description_id") REFERENCES "job_description"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_invitation" ADD CONSTRAINT "talent_invitation_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_invitation" ADD CONSTRAINT "talent_invitation_invited_by_user_id_user_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_invitation" ADD CONSTRAINT "talent_invitation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_job_ad_id_job_ad_id_fk" FOREIGN KEY ("job_ad_id") REFERENCES "job_ad"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_job_description_id_job_description_id_fk" FOREIGN KEY ("job_description_id") REFERENCES "job_description"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_company_hiring_step_id_company_hiring_step_id_fk" FOREIGN KEY ("company_hiring_step_id") REFERENCES "company_hiring_step"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_job_assignment_id_job_assignment_id_fk" FOREIGN KEY ("job_assignment_id") REFERENCES "job_assignment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_line_item" ADD CONSTRAINT "billing_line_item_billing_id_billing_id_fk" FOREIGN KEY ("billing_id") REFERENCES "billing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_line_item" ADD CONSTRAINT "billing_line_item_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_from_company_id_company_id_fk" FOREIGN KEY ("from_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_to_company_id_company_id_fk" FOREIGN KEY ("to_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_job_assignment_id_job_assignment_id_fk" FOREIGN KEY ("job_assignment_id") REFERENCES "job_assignment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_talent_profile_id_talent_profile_id_fk" FOREIGN KEY ("talent_profile_id") REFERENCES "talent_profile"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_billing_id_billing_id_fk" FOREIGN KEY ("billing_id") REFERENCES "billing"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_balance_transaction" ADD CONSTRAINT "talent_balance_transaction_company_talent_roster_id_company_talent_roster_id_fk" FOREIGN KEY ("company_talent_roster_id") REFERENCES "company_talent_roster"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_balance_transaction" ADD CONSTRAINT "talent_balance_transaction_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_balance_transaction" ADD CONSTRAINT "talent_balance_transaction_job_assignment_id_job_assignment_id_fk" FOREIGN KEY ("job_assignment_id") REFERENCES "job_assignment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_balance_transaction" ADD CONSTRAINT "talent_balance_transaction_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flag_name_unique" ON "feature_flag" USING btree ("name") WHERE "feature_flag"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_slug_unique" ON "idp" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "user_external_id_unique" ON "user" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_lower_unique" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_admin_role_id_idx" ON "user" USING btree ("admin_role_id");--> statement-breakpoint
CREATE INDEX "user_ipd_id_idx" ON "user" USING btree ("ipd_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_feature_flag_user_flag_unique" ON "user_feature_flag" USING btree ("user_id","feature_flag_id");--> statement-breakpoint
CREATE INDEX "user_feature_flag_feature_flag_id_idx" ON "user_feature_flag" USING btree ("feature_flag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notification_preferences_user_type_unique" ON "user_notification_preferences" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "company_name_lower_idx" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "company_verification_status_idx" ON "company" USING btree ("verification_status");--> statement-breakpoint
CREATE INDEX "company_credit_company_id_idx" ON "company_credit" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_default_permissions_role_unique" ON "company_default_permissions" USING btree ("role");--> statement-breakpoint
CREATE INDEX "company_hiring_step_company_order_idx" ON "company_hiring_step" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "company_invoice_detail_company_id_idx" ON "company_invoice_detail" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_invoice_detail_talent_id_idx" ON "company_invoice_detail" USING btree ("talent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_on_provider_company_pair_unique" ON "company_on_provider_company" USING btree ("company_id","provider_company_id");--> statement-breakpoint
CREATE INDEX "company_on_provider_company_provider_idx" ON "company_on_provider_company" USING btree ("provider_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_on_user_company_user_unique" ON "company_on_user" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_on_user_user_id_idx" ON "company_on_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_on_user_role_id_idx" ON "company_on_user" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_permissions_company_id_unique" ON "company_permissions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_role_company_role_unique" ON "company_role" USING btree ("company_id","role") WHERE "company_role"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "company_role_default_permissions_id_idx" ON "company_role" USING btree ("default_permissions_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_saved_talent_unique" ON "company_saved_talent" USING btree ("company_id","talent_profile_id","company_saved_talent_list_id") WHERE "company_saved_talent"."company_saved_talent_list_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_saved_talent_unlisted_unique" ON "company_saved_talent" USING btree ("company_id","talent_profile_id") WHERE "company_saved_talent"."company_saved_talent_list_id" is null;--> statement-breakpoint
CREATE INDEX "company_saved_talent_list_id_idx" ON "company_saved_talent" USING btree ("company_saved_talent_list_id");--> statement-breakpoint
CREATE INDEX "company_saved_talent_talent_profile_id_idx" ON "company_saved_talent" USING btree ("talent_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_saved_talent_list_company_label_unique" ON "company_saved_talent_list" USING btree ("company_id","label");--> statement-breakpoint
CREATE INDEX "company_talent_note_company_talent_idx" ON "company_talent_note" USING btree ("company_id","talent_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "company_talent_roster_company_talent_unique" ON "company_talent_roster" USING btree ("company_id","talent_profile_id");--> statement-breakpoint
CREATE INDEX "company_talent_roster_talent_profile_id_idx" ON "company_talent_roster" USING btree ("talent_profile_id");--> statement-breakpoint
CREATE INDEX "company_talent_roster_manager_id_idx" ON "company_talent_roster" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "talent_payment_profile_talent_profile_id_idx" ON "talent_payment_profile" USING btree ("talent_profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_profile_user_id_unique" ON "talent_profile" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "talent_profile_email_lower_idx" ON "talent_profile" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "talent_profile_external_user_id_idx" ON "talent_profile" USING btree ("external_user_id");--> statement-breakpoint
CREATE INDEX "talent_profile_available_idx" ON "talent_profile" USING btree ("created_at" DESC NULLS LAST) WHERE "talent_profile"."deleted_at" is null and "talent_profile"."is_visible" and "talent_profile"."is_available_for_hire";--> statement-breakpoint
CREATE INDEX "job_ad_published_at_idx" ON "job_ad" USING btree ("published_at" DESC NULLS LAST) WHERE "job_ad"."published_at" is not null and "job_ad"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "job_ad_publisher_company_id_idx" ON "job_ad" USING btree ("publisher_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_ad_job_description_id_idx" ON "job_ad" USING btree ("job_description_id");--> statement-breakpoint
CREATE INDEX "job_ad_owner_user_id_idx" ON "job_ad" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "job_ad_search_vector_idx" ON "job_ad" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "job_ad_title_trgm_idx" ON "job_ad" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_ad_skills_lowercase_idx" ON "job_ad" USING gin ("skills_lowercase");--> statement-breakpoint
CREATE INDEX "job_assignment_talent_profile_id_idx" ON "job_assignment" USING btree ("talent_profile_id");--> statement-breakpoint
CREATE INDEX "job_assignment_job_description_id_idx" ON "job_assignment" USING btree ("job_description_id");--> statement-breakpoint
CREATE INDEX "job_assignment_sales_company_id_idx" ON "job_assignment" USING btree ("sales_company_id");--> statement-breakpoint
CREATE INDEX "job_assignment_provider_company_id_idx" ON "job_assignment" USING btree ("provider_company_id");--> statement-breakpoint
CREATE INDEX "job_assignment_client_company_id_idx" ON "job_assignment" USING btree ("client_company_id");--> statement-breakpoint
CREATE INDEX "job_description_client_company_id_idx" ON "job_description" USING btree ("client_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_job_ad_job_ad_user_unique" ON "saved_job_ad" USING btree ("job_ad_id","user_id");--> statement-breakpoint
CREATE INDEX "saved_job_ad_user_id_idx" ON "saved_job_ad" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_invitation_talent_profile_id_idx" ON "talent_invitation" USING btree ("talent_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_invitation_company_id_idx" ON "talent_invitation" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_invitation_job_ad_id_idx" ON "talent_invitation" USING btree ("job_ad_id");--> statement-breakpoint
CREATE INDEX "talent_invitation_job_description_id_idx" ON "talent_invitation" USING btree ("job_description_id");--> statement-breakpoint
CREATE UNIQUE INDEX "talent_job_application_job_ad_talent_unique" ON "talent_job_application" USING btree ("job_ad_id","talent_profile_id");--> statement-breakpoint
CREATE INDEX "talent_job_application_talent_profile_id_idx" ON "talent_job_application" USING btree ("talent_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_job_application_job_ad_id_idx" ON "talent_job_application" USING btree ("job_ad_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_job_application_job_description_id_idx" ON "talent_job_application" USING btree ("job_description_id");--> statement-breakpoint
CREATE INDEX "talent_job_application_hiring_step_idx" ON "talent_job_application" USING btree ("company_hiring_step_id");--> statement-breakpoint
CREATE INDEX "billing_talent_period_idx" ON "billing" USING btree ("talent_profile_id","year","month");--> statement-breakpoint
CREATE INDEX "billing_job_assignment_period_idx" ON "billing" USING btree ("job_assignment_id","year","month");--> statement-breakpoint
CREATE INDEX "billing_status_idx" ON "billing" USING btree ("status");--> statement-breakpoint
CREATE INDEX "billing_created_by_id_idx" ON "billing" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "billing_line_item_billing_id_idx" ON "billing_line_item" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "invoice_from_company_id_idx" ON "invoice" USING btree ("from_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_to_company_id_idx" ON "invoice" USING btree ("to_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_talent_profile_id_idx" ON "invoice" USING btree ("talent_profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_billing_id_idx" ON "invoice" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "invoice_job_assignment_id_idx" ON "invoice" USING btree ("job_assignment_id");--> statement-breakpoint
CREATE INDEX "talent_balance_transaction_roster_idx" ON "talent_balance_transaction" USING btree ("company_talent_roster_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talent_balance_transaction_company_id_idx" ON "talent_balance_transaction" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "talent_balance_transaction_job_assignment_id_idx" ON "talent_balance_transaction" USING btree ("job_assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_list_label_lower_unique" ON "languages_list" USING btree (lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "skills_list_label_lower_unique" ON "skills_list" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "skills_list_department_idx" ON "skills_list" USING btree ("department");--> statement-breakpoint
CREATE INDEX "skills_list_label_trgm_idx" ON "skills_list" USING gin (lower("label") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "general_eventslog_to_id_idx" ON "general_eventslog" USING btree ("to_id","read","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "general_eventslog_from_id_idx" ON "general_eventslog" USING btree ("from_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "general_eventslog_type_idx" ON "general_eventslog" USING btree ("type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "identity_account_email_lower_unique" ON "identity_account" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "identity_provider_state_grant_id_idx" ON "identity_provider_state" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_provider_state_uid_idx" ON "identity_provider_state" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_provider_state_user_code_idx" ON "identity_provider_state" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "identity_provider_state_expires_at_idx" ON "identity_provider_state" USING btree ("expires_at");