-- A company searches its applications by a part of the applicant's name, job title or a skill
-- (received-application-queries.ts): trigram indexes find the few matching talents first,
-- whatever the number of applications the company holds.
CREATE INDEX "talent_profile_name_trgm_idx" ON "talent_profile" USING gin ("profile_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "talent_profile_job_title_trgm_idx" ON "talent_profile" USING gin ("job_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "talent_profile_skills_trgm_idx" ON "talent_profile" USING gin (("skills"::text) gin_trgm_ops);