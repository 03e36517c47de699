-- The money lists of a company with years of billing (docs/benchmarks.md, "A large tenant"): its
-- ledger newest first and each row's balance by roster entry, the billings it reviews newest
-- month first, and the invoices it issues or receives in the list's order, each read to the
-- page's end down an index instead of sorting every row. The reviewer of an assignment is
-- indexed as the billing queries write it (coalesce), which also gives the planner its
-- statistics. The ledger's company index is dropped last: the new one starts with the company.
CREATE INDEX "job_assignment_reviewer_idx" ON "job_assignment" USING btree (coalesce("provider_company_id", "client_company_id"));--> statement-breakpoint
CREATE INDEX "billing_review_order_idx" ON "billing" USING btree ("year" DESC NULLS FIRST,"month" DESC NULLS FIRST,"job_assignment_id","created_at" DESC NULLS FIRST,"id") WHERE "billing"."deleted_at" is null and "billing"."status" <> 'DRAFT';--> statement-breakpoint
CREATE INDEX "invoice_issuer_list_idx" ON "invoice" USING btree ("issuer_company_id","issued_at" desc nulls first,"sequence" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "invoice"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_recipient_list_idx" ON "invoice" USING btree ("to_company_id","issued_at" desc nulls first,"sequence" DESC NULLS FIRST,"created_at" DESC NULLS FIRST) WHERE "invoice"."deleted_at" is null and "invoice"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "talent_balance_transaction_company_date_idx" ON "talent_balance_transaction" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "talent_balance_transaction_roster_date_idx" ON "talent_balance_transaction" USING btree ("company_talent_roster_id","created_at","id");
--> statement-breakpoint
DROP INDEX "talent_balance_transaction_company_id_idx";--> statement-breakpoint
ANALYZE "job_assignment";