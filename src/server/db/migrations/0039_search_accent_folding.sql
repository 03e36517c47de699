-- Accent folding for every search document and query (src/server/db/text-search.ts): the
-- 'folded' configuration is 'simple' (no stemming) after the unaccent dictionary, so that
-- "developpeur" finds "développeur". unaccent lives in public like pg_trgm, so that every
-- schema on the search path finds it. The generated columns are made again with it, and
-- their indexes (dropped with the columns) after them.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION folded (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION folded ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
ALTER TABLE "talent_profile" drop column "search_document";--> statement-breakpoint
ALTER TABLE "talent_profile" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('folded', coalesce("profile_name", '') || ' ' || coalesce("job_title", '')), 'A')
  || setweight(to_tsvector('folded', coalesce(immutable_array_to_string(talent_list_keys("skills", 'name'), ' '), '')), 'B')
  || setweight(to_tsvector('folded', coalesce("description", '')), 'D')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "job_ad" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('folded', coalesce("title", '')), 'A')
  || setweight(to_tsvector('folded', coalesce(immutable_array_to_string("skills", ' '), '')), 'B')
  || setweight(to_tsvector('folded', coalesce("location", '')), 'C')
  || setweight(to_tsvector('folded', CASE "employment_type" WHEN 'freelancer' THEN 'freelancer' WHEN 'employee' THEN 'employee' ELSE '' END), 'C')
  || setweight(to_tsvector('folded', coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')) STORED NOT NULL,
  -- Inline as migration 0001 keeps it; in the same statement, so the rewrite stores the rows so.
  ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "job_title_suggestion" drop column "title_words";--> statement-breakpoint
ALTER TABLE "job_title_suggestion" ADD COLUMN "title_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('folded', "title_key")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_profile_search_document_idx" ON "talent_profile" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "job_ad_search_idx" ON "job_ad" USING gin ("search_vector","location" gin_trgm_ops,"work_mode","employment_type","assignment_type");--> statement-breakpoint
CREATE INDEX "job_title_suggestion_title_words_idx" ON "job_title_suggestion" USING gin ("title_words");
