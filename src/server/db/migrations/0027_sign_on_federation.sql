CREATE TABLE "sign_on_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"interaction_uid" text NOT NULL,
	"idp_id" uuid NOT NULL,
	"email" text,
	"nonce" text,
	"code_verifier" text,
	"request_id" text,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp" ADD COLUMN "join_role_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "federated_idp_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "federated_subject" text;--> statement-breakpoint
ALTER TABLE "sign_on_attempt" ADD CONSTRAINT "sign_on_attempt_idp_id_idp_id_fk" FOREIGN KEY ("idp_id") REFERENCES "idp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_on_attempt" ADD CONSTRAINT "sign_on_attempt_account_id_identity_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "identity_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_on_attempt_state_unique" ON "sign_on_attempt" USING btree ("state");--> statement-breakpoint
CREATE INDEX "sign_on_attempt_expires_at_idx" ON "sign_on_attempt" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "idp" ADD CONSTRAINT "idp_join_role_id_company_role_id_fk" FOREIGN KEY ("join_role_id") REFERENCES "company_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_account" ADD CONSTRAINT "identity_account_federated_idp_id_idp_id_fk" FOREIGN KEY ("federated_idp_id") REFERENCES "idp"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_account_federated_unique" ON "identity_account" USING btree ("federated_idp_id","federated_subject");