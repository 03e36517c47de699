-- A user's archive of their own data (docs/personal-data.md, "Downloading your data"): one
-- row per request, its file in the file storage until it expires seven days after it is ready.
CREATE TABLE "personal_data_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"file_key" text,
	"size" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_data_export" ADD CONSTRAINT "personal_data_export_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_export_user_idx" ON "personal_data_export" USING btree ("user_id","created_at" DESC NULLS LAST);