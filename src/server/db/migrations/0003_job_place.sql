ALTER TABLE "job_ad" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "locality" text;--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "remote_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_description" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "job_description" ADD COLUMN "locality" text;--> statement-breakpoint
ALTER TABLE "job_description" ADD COLUMN "remote_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_description" ADD COLUMN "company_id" uuid;--> statement-breakpoint
-- Until now a job description belonged to its client company: that company wrote it.
UPDATE "job_description" SET "company_id" = "client_company_id";--> statement-breakpoint
ALTER TABLE "job_description" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "job_description" ADD CONSTRAINT "job_description_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_description_company_id_idx" ON "job_description" USING btree ("company_id","created_at" DESC NULLS LAST) WHERE "job_description"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "job_ad" ADD CONSTRAINT "job_ad_country_code_iso" CHECK ("job_ad"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "job_description" ADD CONSTRAINT "job_description_country_code_iso" CHECK ("job_description"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
-- Structured places for the rows written before them: the town is the old free text of an
-- on-site or hybrid job, the country the company's own when it is a valid code (remote jobs
-- then take applicants from that country), so that every job page can name a country.
UPDATE "job_ad" SET
  "locality" = CASE WHEN "job_ad"."work_mode" IS DISTINCT FROM 'remote' AND "job_ad"."location" IS NOT NULL AND lower("job_ad"."location") <> 'remote' THEN "job_ad"."location" END,
  "country_code" = CASE WHEN upper("company"."country") ~ '^[A-Z]{2}$' THEN upper("company"."country") END,
  "remote_countries" = CASE WHEN ("job_ad"."work_mode" = 'remote' OR lower("job_ad"."location") = 'remote') AND upper("company"."country") ~ '^[A-Z]{2}$' THEN ARRAY[upper("company"."country")] ELSE '{}'::text[] END
FROM "company" WHERE "company"."id" = "job_ad"."publisher_company_id";--> statement-breakpoint
UPDATE "job_description" SET
  "locality" = CASE WHEN "job_description"."work_mode" IS DISTINCT FROM 'remote' AND "job_description"."location" IS NOT NULL AND lower("job_description"."location") <> 'remote' THEN "job_description"."location" END,
  "country_code" = CASE WHEN upper("company"."country") ~ '^[A-Z]{2}$' THEN upper("company"."country") END,
  "remote_countries" = CASE WHEN ("job_description"."work_mode" = 'remote' OR lower("job_description"."location") = 'remote') AND upper("company"."country") ~ '^[A-Z]{2}$' THEN ARRAY[upper("company"."country")] ELSE '{}'::text[] END
FROM "company" WHERE "company"."id" = "job_description"."company_id";