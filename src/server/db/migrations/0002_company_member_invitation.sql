CREATE TABLE "company_member_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_id" uuid NOT NULL,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_member_invitation" ADD CONSTRAINT "company_member_invitation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member_invitation" ADD CONSTRAINT "company_member_invitation_role_id_company_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "company_role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member_invitation" ADD CONSTRAINT "company_member_invitation_invited_by_id_user_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_invitation_company_email_unique" ON "company_member_invitation" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "company_member_invitation_email_idx" ON "company_member_invitation" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "company_member_invitation_role_id_idx" ON "company_member_invitation" USING btree ("role_id");