ALTER TYPE "event_type" ADD VALUE 'companyDomain.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companyDomain.update';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'companyDomain.delete';--> statement-breakpoint
CREATE TABLE "company_domain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check_issue" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_domain" ADD CONSTRAINT "company_domain_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_domain_company_domain_unique" ON "company_domain" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "company_domain_proven_unique" ON "company_domain" USING btree ("domain") WHERE "company_domain"."verified_at" is not null;