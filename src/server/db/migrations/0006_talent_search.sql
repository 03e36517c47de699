-- The names of a talent's JSON list (skills by "name", languages by "language"), trimmed and
-- lower-cased: an immutable function, so generated columns and their GIN indexes can use it.
CREATE OR REPLACE FUNCTION talent_list_keys(list jsonb, field text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT lower(trim(item->>field))) FILTER (WHERE coalesce(trim(item->>field), '') <> ''), '{}')
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(list) = 'array' THEN list ELSE '[]'::jsonb END) AS item $$;--> statement-breakpoint
ALTER TABLE "talent_profile" ADD COLUMN "skill_keys" text[] GENERATED ALWAYS AS (talent_list_keys("skills", 'name')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_profile" ADD COLUMN "language_keys" text[] GENERATED ALWAYS AS (talent_list_keys("languages", 'language')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "talent_profile" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("profile_name", '') || ' ' || coalesce("job_title", '')), 'A')
  || setweight(to_tsvector('simple', coalesce(immutable_array_to_string(talent_list_keys("skills", 'name'), ' '), '')), 'B')
  || setweight(to_tsvector('simple', coalesce("description", '')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "talent_profile_skill_keys_idx" ON "talent_profile" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "talent_profile_language_keys_idx" ON "talent_profile" USING gin ("language_keys");--> statement-breakpoint
CREATE INDEX "talent_profile_search_document_idx" ON "talent_profile" USING gin ("search_document");