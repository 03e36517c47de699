ALTER TYPE "event_type" ADD VALUE 'idp.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'idp.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'idp.delete';--> statement-breakpoint
ALTER TABLE "idp" ALTER COLUMN "config" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idp" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "idp" ADD COLUMN "protocol" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "idp" ADD COLUMN "client_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "idp" ADD CONSTRAINT "idp_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_company_id_idx" ON "idp" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "idp" ADD CONSTRAINT "idp_protocol" CHECK ("idp"."protocol" in ('oidc', 'saml'));--> statement-breakpoint
-- The new permission resource idp: the Owner template and every company's owner role (the
-- default role, which holds every permission) get all of it, as a new company's owner does;
-- other roles stay without it until their owners grant it.
UPDATE "company_default_permissions" SET "permissions" = "permissions" || '{"idp":{"read":true,"create":true,"update":true,"delete":true}}'::jsonb, "updated_at" = now() WHERE "role" = 'Owner';--> statement-breakpoint
UPDATE "company_role" SET "permissions" = "permissions" || '{"idp":{"read":true,"create":true,"update":true,"delete":true}}'::jsonb, "updated_at" = now() WHERE "is_default" = true AND "permissions" IS NOT NULL;
