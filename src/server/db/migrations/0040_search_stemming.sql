-- Stemming by the ad's language (src/server/db/text-search.ts): 'french_folded' and
-- 'english_folded' fold accents as 'folded' does, then stem with the language's Snowball
-- stemmer. The dictionaries are made without a stop word list, so that "IT", "C" or "Go"
-- stay searchable. job_ad's search_vector keeps its folded words and gains its title and
-- description stemmed in the ad's language; the column is made again with it, stored
-- inline as before, and its index after it.
CREATE TEXT SEARCH DICTIONARY french_stem_all_words (TEMPLATE = snowball, Language = french);--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY english_stem_all_words (TEMPLATE = snowball, Language = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION french_folded (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION french_folded ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, french_stem_all_words;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION english_folded (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION english_folded ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem_all_words;--> statement-breakpoint
ALTER TABLE "job_ad" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "job_ad" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('folded', coalesce("title", '')), 'A')
  || setweight(to_tsvector('folded', coalesce(immutable_array_to_string("skills", ' '), '')), 'B')
  || setweight(to_tsvector('folded', coalesce("location", '')), 'C')
  || setweight(to_tsvector('folded', CASE "employment_type" WHEN 'freelancer' THEN 'freelancer' WHEN 'employee' THEN 'employee' ELSE '' END), 'C')
  || setweight(to_tsvector('folded', coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')
  || CASE WHEN "language" = 'fr' THEN setweight(to_tsvector('french_folded', coalesce("title", '')), 'A')
    || setweight(to_tsvector('french_folded', coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')
  WHEN "language" IS NULL OR "language" = 'en' THEN setweight(to_tsvector('english_folded', coalesce("title", '')), 'A')
    || setweight(to_tsvector('english_folded', coalesce("description", '') || ' ' || coalesce("ad_description", '')), 'D')
  ELSE ''::tsvector END) STORED NOT NULL,
  -- Inline as migrations 0001 and 0039 keep it; in the same statement, so the rewrite stores the rows so.
  ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "job_ad_search_idx" ON "job_ad" USING gin ("search_vector","location" gin_trgm_ops,"work_mode","employment_type","assignment_type");
