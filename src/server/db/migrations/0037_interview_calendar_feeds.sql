CREATE TABLE "interview_calendar_feed" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"sealed_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_calendar_feed" ADD CONSTRAINT "interview_calendar_feed_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_calendar_feed_token_unique" ON "interview_calendar_feed" USING btree ("token_hash");