-- A company's stuck applications (in an in-progress step, or none, since before its threshold)
-- were counted by reading every application of the company: 66 ms of a large tenant's
-- 100,000. This index holds the date they entered their step and the step, so the count reads
-- it alone (19 ms), and "longest in step first" walks it.
CREATE INDEX "talent_job_application_stuck_idx" ON "talent_job_application" USING btree ("company_id","step_changed_at","company_hiring_step_id");
