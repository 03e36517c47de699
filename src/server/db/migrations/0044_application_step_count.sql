-- A company's applications counted by ad and hiring step (schema/jobs.ts, applicationStepCount),
-- kept in step by the database on every insert, move and delete of an application, whoever
-- writes it: the dashboard, the pipeline and the lists' totals read these few rows instead of
-- counting every application of a large company. No ad, or no step: the zero uuid.
CREATE TABLE "application_step_count" (
	"company_id" uuid NOT NULL,
	"job_ad_id" uuid NOT NULL,
	"company_hiring_step_id" uuid NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_step_count_company_id_job_ad_id_company_hiring_step_id_pk" PRIMARY KEY("company_id","job_ad_id","company_hiring_step_id")
);--> statement-breakpoint
CREATE FUNCTION application_step_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.company_id IS NOT NULL THEN
    UPDATE application_step_count SET applications = applications - 1
    WHERE company_id = OLD.company_id
      AND job_ad_id = coalesce(OLD.job_ad_id, '00000000-0000-0000-0000-000000000000')
      AND company_hiring_step_id = coalesce(OLD.company_hiring_step_id, '00000000-0000-0000-0000-000000000000');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.company_id IS NOT NULL THEN
    INSERT INTO application_step_count (company_id, job_ad_id, company_hiring_step_id, applications)
    VALUES (NEW.company_id, coalesce(NEW.job_ad_id, '00000000-0000-0000-0000-000000000000'), coalesce(NEW.company_hiring_step_id, '00000000-0000-0000-0000-000000000000'), 1)
    ON CONFLICT (company_id, job_ad_id, company_hiring_step_id) DO UPDATE SET applications = application_step_count.applications + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER application_step_count_change AFTER INSERT OR DELETE OR UPDATE OF company_id, job_ad_id, company_hiring_step_id ON "talent_job_application"
  FOR EACH ROW EXECUTE FUNCTION application_step_count_change();--> statement-breakpoint
INSERT INTO application_step_count (company_id, job_ad_id, company_hiring_step_id, applications)
SELECT company_id, coalesce(job_ad_id, '00000000-0000-0000-0000-000000000000'), coalesce(company_hiring_step_id, '00000000-0000-0000-0000-000000000000'), count(*)
FROM talent_job_application WHERE company_id IS NOT NULL GROUP BY 1, 2, 3;
