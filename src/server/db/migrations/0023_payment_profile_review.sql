ALTER TABLE "talent_payment_profile" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_payment_profile" ADD COLUMN "reviewed_by_id" uuid;--> statement-breakpoint
ALTER TABLE "talent_payment_profile" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "talent_payment_profile" ADD CONSTRAINT "talent_payment_profile_reviewed_by_id_user_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;