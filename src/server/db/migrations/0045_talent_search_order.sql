-- The talent search's order after skills and relevance (schema/talents.ts,
-- profileCompleteness; api/talent-search/talent-search.ts): how complete a profile is, stored
-- and indexed with the last update, so that a search reads its first matches down the index
-- instead of sorting every match. Adding the column rewrites talent_profile once.
ALTER TABLE "talent_profile" ADD COLUMN "profile_completeness" smallint GENERATED ALWAYS AS ((
  ("profile_picture" is not null)::int * 5 + ("job_title" is not null)::int + ("total_experience" is not null)::int * 3
  + (coalesce(length("description"), 0) > 100)::int * 10 + ("location" is not null)::int * 10
  + least(cardinality(talent_list_keys("skills", 'name')), 6) * 5 + (cardinality(talent_list_keys("languages", 'language')) > 0)::int * 10
  + (case when jsonb_typeof("experience") = 'array' then jsonb_array_length("experience") else 0 end > 0)::int * 10 + (case when jsonb_typeof("education") = 'array' then jsonb_array_length("education") else 0 end > 0)::int * 10
)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_profile_search_order_idx" ON "talent_profile" USING btree ("profile_completeness" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST,"id") WHERE "talent_profile"."deleted_at" is null;--> statement-breakpoint
ANALYZE "talent_profile";