CREATE TYPE "company_link_status" AS ENUM('proposed', 'accepted', 'declined', 'ended');--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companyOnProviderCompany.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companyOnProviderCompany.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companyOnProviderCompany.delete';--> statement-breakpoint
CREATE TABLE "company_link_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_link_invitation_relation" CHECK ("company_link_invitation"."relation" in ('PROVIDES_TO_US', 'WE_PROVIDE_TO'))
);
--> statement-breakpoint
-- Links made before they had a state were made by the platform (the demo seed): both sides
-- count as having agreed, so they start accepted; new rows start as a proposal.
ALTER TABLE "company_on_provider_company" ADD COLUMN "status" "company_link_status" DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ALTER COLUMN "status" SET DEFAULT 'proposed';--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ADD COLUMN "proposed_by_company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_link_invitation" ADD CONSTRAINT "company_link_invitation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_link_invitation" ADD CONSTRAINT "company_link_invitation_invited_by_id_user_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_link_invitation_token_unique" ON "company_link_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_link_invitation_company_email_unique" ON "company_link_invitation" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "company_link_invitation_email_idx" ON "company_link_invitation" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ADD CONSTRAINT "company_on_provider_company_proposed_by_company_id_company_id_fk" FOREIGN KEY ("proposed_by_company_id") REFERENCES "company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A company linked to itself names nothing it could not name already.
DELETE FROM "company_on_provider_company" WHERE "company_id" = "provider_company_id";--> statement-breakpoint
ALTER TABLE "company_on_provider_company" ADD CONSTRAINT "company_on_provider_company_not_self" CHECK ("company_on_provider_company"."company_id" <> "company_on_provider_company"."provider_company_id");--> statement-breakpoint
-- The new permission resource companyLink: the Owner template and every company's owner
-- role (the default role, which holds every permission) get all of it, as a new company's
-- owner does; other roles stay without it until their owners grant it.
UPDATE "company_default_permissions" SET "permissions" = "permissions" || '{"companyLink":{"read":true,"create":true,"update":true,"delete":true}}'::jsonb, "updated_at" = now() WHERE "role" = 'Owner';--> statement-breakpoint
UPDATE "company_role" SET "permissions" = "permissions" || '{"companyLink":{"read":true,"create":true,"update":true,"delete":true}}'::jsonb, "updated_at" = now() WHERE "is_default" = true AND "permissions" IS NOT NULL;