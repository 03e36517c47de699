-- A company's invoice search walks its two list indexes and tests each entry there, never the
-- invoice rows: they are wide (lines, parties, details), and reading them for a word found in
-- thousands of numbers took 90 ms of a large tenant's 120 ms; testing the talent's name by a
-- profile read per invoice took 160 ms when nothing matched. What the search tests is now kept
-- on the invoice, in lower case: its number and its talent's name, apart (the unit separator,
-- which nobody types, so that a search never matches across the two). The list indexes end
-- with it, the parties, status and kind, so a walk, a count and a search read them alone.
-- The database sets it on every insert and number, and when the talent changes her name (or
-- erasure empties it), so every writer, an older release's during a rolling upgrade
-- included, keeps it right. The number's trigram index served the search this replaces.
DROP INDEX "invoice_number_trgm_idx";--> statement-breakpoint
DROP INDEX "invoice_issuer_list_idx";--> statement-breakpoint
DROP INDEX "invoice_recipient_list_idx";--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE FUNCTION invoice_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(chr(31), NEW.number, (SELECT profile_name FROM talent_profile WHERE id = NEW.talent_profile_id)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoice_search_text BEFORE INSERT OR UPDATE OF number, talent_profile_id, search_text ON "invoice"
  FOR EACH ROW EXECUTE FUNCTION invoice_search_text();--> statement-breakpoint
CREATE FUNCTION talent_profile_invoice_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Setting the column makes the invoice's own trigger read the changed name.
  UPDATE invoice SET search_text = NULL WHERE talent_profile_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER talent_profile_invoice_search_text AFTER UPDATE OF profile_name ON "talent_profile"
  FOR EACH ROW WHEN (OLD.profile_name IS DISTINCT FROM NEW.profile_name)
  EXECUTE FUNCTION talent_profile_invoice_search_text();--> statement-breakpoint
UPDATE "invoice" SET "search_text" = NULL;--> statement-breakpoint
-- The planner learns the new column now; the rewritten rows' old versions wait for autovacuum
-- (docs/deploy.md, "Upgrading": a VACUUM right after makes the walks read the index alone at once).
ANALYZE "invoice";--> statement-breakpoint
CREATE INDEX "invoice_issuer_list_idx" ON "invoice" USING btree ("issuer_company_id","issued_at" desc nulls first,"sequence" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","search_text","from_company_id","to_company_id","status","kind") WHERE "invoice"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoice_recipient_list_idx" ON "invoice" USING btree ("to_company_id","issued_at" desc nulls first,"sequence" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","issuer_company_id","search_text","from_company_id","status","kind") WHERE "invoice"."deleted_at" is null and "invoice"."issued_at" is not null;
