CREATE TABLE "identity_recovery_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "identity_recovery_code" ADD CONSTRAINT "identity_recovery_code_account_id_identity_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "identity_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_recovery_code_account_hash_unique" ON "identity_recovery_code" USING btree ("account_id","code_hash");