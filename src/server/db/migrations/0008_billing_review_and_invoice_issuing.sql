CREATE TABLE "invoice_number_counter" (
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_number_counter_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
ALTER TABLE "company_talent_roster" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "approved_by_id" uuid;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "purchase_order_number" text;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "rejected_by_id" uuid;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "invoiced_by_id" uuid;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing" ADD COLUMN "paid_by_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_line_item" ADD COLUMN "company_comment" text;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "issuer_company_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "kind" text DEFAULT 'INVOICE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "self_billed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "net_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "vat_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "paid_by_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_number_counter" ADD CONSTRAINT "invoice_number_counter_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_approved_by_id_user_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_rejected_by_id_user_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_invoiced_by_id_user_id_fk" FOREIGN KEY ("invoiced_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_paid_by_id_user_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_issuer_company_id_company_id_fk" FOREIGN KEY ("issuer_company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_credited_invoice_id_invoice_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "invoice"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_paid_by_id_user_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_issuer_year_sequence_unique" ON "invoice" USING btree ("issuer_company_id","year","sequence");--> statement-breakpoint
CREATE INDEX "invoice_issuer_company_id_idx" ON "invoice" USING btree ("issuer_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoice_credited_invoice_id_idx" ON "invoice" USING btree ("credited_invoice_id");--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_kind" CHECK ("invoice"."kind" in ('INVOICE', 'CREDIT_NOTE'));--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_numbered_when_issued" CHECK (("invoice"."issued_at" is null) = ("invoice"."number" is null));--> statement-breakpoint
-- Backfill (hand-written): invoices written before issuing existed were issued when created;
-- they keep their external number and get a sequence per issuer and year in creation order.
UPDATE "invoice" SET
  "issuer_company_id" = coalesce("from_company_id", "to_company_id"),
  "issued_at" = "created_at",
  "year" = extract(year from "created_at" at time zone 'UTC')::int,
  "net_total" = "total",
  "vat_total" = 0,
  "vat_rate" = 0,
  "number" = coalesce("external_id", 'LEGACY-' || "id");--> statement-breakpoint
UPDATE "invoice" SET "sequence" = numbered.sequence FROM (
  SELECT "id", row_number() OVER (PARTITION BY "issuer_company_id", "year" ORDER BY "created_at", "id")::int AS sequence FROM "invoice"
) AS numbered WHERE numbered."id" = "invoice"."id";--> statement-breakpoint
INSERT INTO "invoice_number_counter" ("company_id", "year", "last_sequence")
  SELECT "issuer_company_id", "year", max("sequence") FROM "invoice" WHERE "issuer_company_id" IS NOT NULL GROUP BY "issuer_company_id", "year";--> statement-breakpoint
UPDATE "billing" SET "sent_at" = "created_at" WHERE "status" <> 'DRAFT';
