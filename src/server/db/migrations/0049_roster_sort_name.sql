-- The talent's name in lower case on each roster entry, for ordering a company's roster by
-- name: sorting 10,000 entries read a talent profile for each (35 of the 48 ms of the
-- roster's first page); the sort now reads the roster's own rows and the page's profiles.
-- The database sets it on every insert and keeps it when the talent renames herself (or her
-- name is erased), so every writer, an older release's during a rolling upgrade included,
-- keeps it right. Only an accepted entry's is read: the others sort by the name as shown to
-- the company (roster-name-order.ts), so no order reveals a withheld name.
ALTER TABLE "company_talent_roster" ADD COLUMN "talent_sort_name" text;--> statement-breakpoint
CREATE FUNCTION company_talent_roster_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.talent_sort_name := (SELECT lower(profile_name) FROM talent_profile WHERE id = NEW.talent_profile_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER company_talent_roster_sort_name BEFORE INSERT OR UPDATE OF talent_profile_id, talent_sort_name ON "company_talent_roster"
  FOR EACH ROW EXECUTE FUNCTION company_talent_roster_sort_name();--> statement-breakpoint
CREATE FUNCTION talent_profile_roster_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_talent_roster SET talent_sort_name = NULL WHERE talent_profile_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The roster's own trigger reads the new name (an AFTER trigger sees the updated profile).
CREATE TRIGGER talent_profile_roster_sort_name AFTER UPDATE OF profile_name ON "talent_profile"
  FOR EACH ROW WHEN (OLD.profile_name IS DISTINCT FROM NEW.profile_name) EXECUTE FUNCTION talent_profile_roster_sort_name();--> statement-breakpoint
UPDATE "company_talent_roster" r SET "talent_sort_name" = (SELECT lower(profile_name) FROM talent_profile WHERE id = r.talent_profile_id);
