CREATE TYPE "job_ad_moderation" AS ENUM('unpublished', 'removed');--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "moderation" "job_ad_moderation";--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_ad" ADD CONSTRAINT "job_ad_moderation_reason" CHECK (("job_ad"."moderation" is null) = ("job_ad"."moderation_reason" is null) and ("job_ad"."moderation" is null) = ("job_ad"."moderated_at" is null));