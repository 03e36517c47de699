CREATE TABLE "job_title_suggestion" (
	"title_key" text PRIMARY KEY NOT NULL,
	"ad_count" integer NOT NULL,
	"open_from" timestamp with time zone NOT NULL,
	"open_until" timestamp with time zone,
	"title_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "title_key")) STORED NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_ad_published_at_idx";--> statement-breakpoint
CREATE INDEX "job_title_suggestion_title_words_idx" ON "job_title_suggestion" USING gin ("title_words");--> statement-breakpoint
CREATE INDEX "job_title_suggestion_title_key_trgm_idx" ON "job_title_suggestion" USING gin ("title_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_ad_location_trgm_idx" ON "job_ad" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_ad_title_key_idx" ON "job_ad" USING btree (lower("title"),"published_at" DESC NULLS FIRST) WHERE "job_ad"."published_at" is not null and "job_ad"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "job_ad_published_at_idx" ON "job_ad" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "job_ad"."published_at" is not null and "job_ad"."deleted_at" is null;--> statement-breakpoint
-- Hand-added below (drizzle-kit cannot express these); keep them when regenerating.
-- search_vector inline (compressed) instead of out of line: a search that walks ads newest
-- first tests each ad's vector, and fetching it from the TOAST table cost about 8 us an
-- ad, four times the inline read (measured, docs/benchmarks.md). Applies to rows written
-- from now on; existing rows move when rewritten (VACUUM FULL job_ad, or any update).
ALTER TABLE "job_ad" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- job_title_suggestion follows job_ad and company through statement-level triggers, so a
-- bulk insert (the seed, an import) costs one aggregate per statement, not one per row.
-- An ad counts while it is published, not deleted, from a verified company that is not
-- deleted, and not past its deadline at the time of the change; ads that close later by
-- time are left to open_until, and readers check the ad they show against job_ad.
--
-- Recounts the rows of these title keys from job_ad: a title with no ad left loses its row.
CREATE OR REPLACE FUNCTION job_title_suggestion_refresh(keys text[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  WITH counted AS (
    SELECT lower(a.title) AS title_key, count(*)::int AS ad_count, min(a.published_at) AS open_from,
      CASE WHEN bool_or(a.published_until IS NULL) THEN NULL ELSE max(a.published_until) END AS open_until
    FROM job_ad a JOIN company c ON c.id = a.publisher_company_id
    WHERE lower(a.title) = ANY (keys) AND a.published_at IS NOT NULL AND a.deleted_at IS NULL
      AND c.verification_status = 'verified' AND c.deleted_at IS NULL
      AND (a.published_until IS NULL OR a.published_until > now())
    GROUP BY lower(a.title)
  ), upserted AS (
    INSERT INTO job_title_suggestion (title_key, ad_count, open_from, open_until)
    SELECT title_key, ad_count, open_from, open_until FROM counted
    ON CONFLICT (title_key) DO UPDATE
      SET ad_count = excluded.ad_count, open_from = excluded.open_from, open_until = excluded.open_until
  )
  DELETE FROM job_title_suggestion s
  WHERE s.title_key = ANY (keys) AND NOT EXISTS (SELECT 1 FROM counted WHERE counted.title_key = s.title_key);
$$;--> statement-breakpoint
-- Inserted ads only add to their titles: merged without recounting the title's other ads.
CREATE OR REPLACE FUNCTION job_title_suggestion_after_job_ad_insert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO job_title_suggestion AS s (title_key, ad_count, open_from, open_until)
  SELECT lower(a.title), count(*)::int, min(a.published_at),
    CASE WHEN bool_or(a.published_until IS NULL) THEN NULL ELSE max(a.published_until) END
  FROM inserted_ads a JOIN company c ON c.id = a.publisher_company_id
  WHERE a.published_at IS NOT NULL AND a.deleted_at IS NULL
    AND c.verification_status = 'verified' AND c.deleted_at IS NULL
    AND (a.published_until IS NULL OR a.published_until > now())
  GROUP BY lower(a.title)
  ON CONFLICT (title_key) DO UPDATE
    SET ad_count = s.ad_count + excluded.ad_count,
      open_from = least(s.open_from, excluded.open_from),
      open_until = CASE WHEN s.open_until IS NULL OR excluded.open_until IS NULL THEN NULL
        ELSE greatest(s.open_until, excluded.open_until) END;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Updates recount the titles an ad left and joined, and only when something that decides
-- whether it counts changed (editing a description recounts nothing).
CREATE OR REPLACE FUNCTION job_title_suggestion_after_job_ad_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM job_title_suggestion_refresh(array(
    SELECT DISTINCT lower(t.title)
    FROM old_ads o JOIN new_ads n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.title), (n.title)) AS t (title)
    WHERE (o.title, o.published_at, o.published_until, o.deleted_at, o.publisher_company_id)
      IS DISTINCT FROM (n.title, n.published_at, n.published_until, n.deleted_at, n.publisher_company_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_title_suggestion_after_job_ad_delete() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM job_title_suggestion_refresh(array(SELECT DISTINCT lower(title) FROM deleted_ads));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A company verified, unverified, deleted or restored changes whether its ads count.
CREATE OR REPLACE FUNCTION job_title_suggestion_after_company_update() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM job_title_suggestion_refresh(array(
    SELECT DISTINCT lower(a.title)
    FROM old_companies o JOIN new_companies n ON n.id = o.id
    JOIN job_ad a ON a.publisher_company_id = n.id
    WHERE (o.verification_status, o.deleted_at) IS DISTINCT FROM (n.verification_status, n.deleted_at)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_title_suggestion_job_ad_insert AFTER INSERT ON job_ad
  REFERENCING NEW TABLE AS inserted_ads
  FOR EACH STATEMENT EXECUTE FUNCTION job_title_suggestion_after_job_ad_insert();--> statement-breakpoint
CREATE TRIGGER job_title_suggestion_job_ad_update AFTER UPDATE ON job_ad
  REFERENCING OLD TABLE AS old_ads NEW TABLE AS new_ads
  FOR EACH STATEMENT EXECUTE FUNCTION job_title_suggestion_after_job_ad_update();--> statement-breakpoint
CREATE TRIGGER job_title_suggestion_job_ad_delete AFTER DELETE ON job_ad
  REFERENCING OLD TABLE AS deleted_ads
  FOR EACH STATEMENT EXECUTE FUNCTION job_title_suggestion_after_job_ad_delete();--> statement-breakpoint
CREATE TRIGGER job_title_suggestion_company_update AFTER UPDATE ON company
  REFERENCING OLD TABLE AS old_companies NEW TABLE AS new_companies
  FOR EACH STATEMENT EXECUTE FUNCTION job_title_suggestion_after_company_update();--> statement-breakpoint
-- Titles resembling a text despite typos, through the trigram index. The % and <%
-- operators read their thresholds from settings: the caller's thresholds are set for this
-- call only (a SET clause makes set_config inside the function local to it), and the
-- exact comparison follows, so the index is only a pre-filter.
CREATE OR REPLACE FUNCTION job_title_suggestion_typos(lower_text text, min_similarity real, min_word_similarity real)
  RETURNS TABLE (title_key text, resemblance real)
  LANGUAGE plpgsql VOLATILE
  SET pg_trgm.similarity_threshold = 0.3
  SET pg_trgm.word_similarity_threshold = 0.6
  AS $$
BEGIN
  PERFORM set_config('pg_trgm.similarity_threshold', min_similarity::text, true);
  PERFORM set_config('pg_trgm.word_similarity_threshold', min_word_similarity::text, true);
  RETURN QUERY
    SELECT s.title_key, greatest(similarity(s.title_key, lower_text), word_similarity(lower_text, s.title_key))
    FROM job_title_suggestion s
    WHERE (s.title_key % lower_text OR lower_text <% s.title_key)
      AND (similarity(s.title_key, lower_text) > min_similarity OR word_similarity(lower_text, s.title_key) > min_word_similarity);
END
$$;--> statement-breakpoint
-- Backfill from the ads already there.
SELECT job_title_suggestion_refresh(array(SELECT DISTINCT lower(title) FROM job_ad));
