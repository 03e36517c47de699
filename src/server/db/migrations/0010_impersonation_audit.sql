ALTER TYPE "event_type" ADD VALUE 'impersonation.create';--> statement-breakpoint
ALTER TYPE "event_type" ADD VALUE 'impersonation.update';--> statement-breakpoint
CREATE TABLE "impersonation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "impersonation" ADD CONSTRAINT "impersonation_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation" ADD CONSTRAINT "impersonation_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_actor_open_idx" ON "impersonation" USING btree ("actor_user_id","target_user_id") WHERE "impersonation"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "impersonation_started_at_idx" ON "impersonation" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "impersonation_target_user_id_idx" ON "impersonation" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "general_eventslog_impersonation_id_idx" ON "general_eventslog" USING btree (("event_data"->>'impersonationId')) WHERE ("general_eventslog"."event_data"->>'impersonationId') is not null;