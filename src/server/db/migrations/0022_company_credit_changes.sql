CREATE TABLE "company_credit_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"action" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"until" timestamp with time zone,
	"reason" text NOT NULL,
	"changed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_change_currency_iso" CHECK ("company_credit_change"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "company_credit_change_action_known" CHECK ("company_credit_change"."action" in ('grant', 'change', 'end'))
);
--> statement-breakpoint
ALTER TABLE "company_credit_change" ADD CONSTRAINT "company_credit_change_credit_id_company_credit_id_fk" FOREIGN KEY ("credit_id") REFERENCES "company_credit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit_change" ADD CONSTRAINT "company_credit_change_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit_change" ADD CONSTRAINT "company_credit_change_changed_by_id_user_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_credit_change_company_id_idx" ON "company_credit_change" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_credit_change_credit_id_idx" ON "company_credit_change" USING btree ("credit_id");