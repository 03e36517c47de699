ALTER TABLE "idp" ADD COLUMN "enforced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idp" ADD COLUMN "break_glass_user_id" uuid;--> statement-breakpoint
ALTER TABLE "idp" ADD CONSTRAINT "idp_break_glass_user_id_user_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;