-- An application's company (its ad's publisher, else its job description's company), kept on
-- the application so that a company's applications are read through an index of their own:
-- the received applications, the board, the dashboard, whatever the company's size. The
-- database sets it on every insert (and if the ad or the description changes), so every
-- writer, an older release's during a rolling upgrade included, keeps it right.
ALTER TABLE "talent_job_application" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE FUNCTION talent_job_application_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_id := coalesce(
    (SELECT publisher_company_id FROM job_ad WHERE id = NEW.job_ad_id),
    (SELECT company_id FROM job_description WHERE id = NEW.job_description_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER talent_job_application_company BEFORE INSERT OR UPDATE OF job_ad_id, job_description_id ON "talent_job_application"
  FOR EACH ROW EXECUTE FUNCTION talent_job_application_company();--> statement-breakpoint
UPDATE "talent_job_application" a SET "company_id" = coalesce(
  (SELECT publisher_company_id FROM job_ad WHERE id = a.job_ad_id),
  (SELECT company_id FROM job_description WHERE id = a.job_description_id));--> statement-breakpoint
-- The planner learns the new column's values now, not at autovacuum's next pass.
ANALYZE "talent_job_application";--> statement-breakpoint
ALTER TABLE "talent_job_application" ADD CONSTRAINT "talent_job_application_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "talent_job_application_company_created_idx" ON "talent_job_application" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "general_eventslog_company_type_idx" ON "general_eventslog" USING btree (("event_data"->>'companyId'),"type","created_at") WHERE ("event_data"->>'companyId') is not null;--> statement-breakpoint
CREATE INDEX "general_eventslog_entity_idx" ON "general_eventslog" USING btree (("event_data"->>'entityId'),"created_at") WHERE ("event_data"->>'entityId') is not null;--> statement-breakpoint
-- The lists read newest first ("order by created_at desc", nulls first): the indexes now
-- hold that order, which the NULLS LAST ones could not give them.
DROP INDEX "talent_job_application_talent_profile_id_idx";--> statement-breakpoint
DROP INDEX "talent_job_application_job_ad_id_idx";--> statement-breakpoint
CREATE INDEX "talent_job_application_talent_profile_id_idx" ON "talent_job_application" USING btree ("talent_profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "talent_job_application_job_ad_id_idx" ON "talent_job_application" USING btree ("job_ad_id","created_at" DESC NULLS FIRST);
