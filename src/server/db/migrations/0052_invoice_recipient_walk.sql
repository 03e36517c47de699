-- The invoices addressed to a company, in its list's order, end their key with the id and
-- the issuer: the list's received walk and its count leave out the invoices the company
-- issued itself (a self-billed invoice is both), and now read the index alone instead of
-- every invoice (about 120 ms each for a large tenant's 57,500).
DROP INDEX "invoice_recipient_list_idx";--> statement-breakpoint
CREATE INDEX "invoice_recipient_list_idx" ON "invoice" USING btree ("to_company_id","issued_at" desc nulls first,"sequence" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","issuer_company_id") WHERE "invoice"."deleted_at" is null and "invoice"."issued_at" is not null;