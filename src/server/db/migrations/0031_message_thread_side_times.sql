ALTER TABLE "message_thread" ADD COLUMN "last_company_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_thread" ADD COLUMN "last_talent_message_at" timestamp with time zone;--> statement-breakpoint
-- Threads written before: each side's newest message, from the messages themselves.
UPDATE "message_thread" t SET
  "last_company_message_at" = (SELECT max(m."created_at") FROM "message" m WHERE m."thread_id" = t."id" AND m."from_company"),
  "last_talent_message_at" = (SELECT max(m."created_at") FROM "message" m WHERE m."thread_id" = t."id" AND NOT m."from_company");
