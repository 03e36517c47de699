CREATE TYPE "roster_consent" AS ENUM('requested', 'accepted', 'declined');--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_member_invitation" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD COLUMN "consent" "roster_consent" DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD COLUMN "consent_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_invitation_token_hash_unique" ON "company_member_invitation" USING btree ("token_hash");--> statement-breakpoint
-- Roster entries made before consent existed were the companies' own records: they stay as
-- they were (accepted); from now on a company's addition waits for the talent's answer.
UPDATE "company_talent_roster" SET "consent" = 'accepted', "consent_answered_at" = "created_at";--> statement-breakpoint
-- Users who signed in before addresses were checked: confirmed unless the built-in provider
-- knows their address as unconfirmed (the next call keeps the column in step with the token).
UPDATE "user" SET "email_verified" = true WHERE NOT EXISTS (SELECT 1 FROM "identity_account" a WHERE a."id"::text = "user"."external_id" AND a."email_verified" = false);
