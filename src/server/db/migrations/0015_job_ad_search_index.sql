-- One GIN index for the search's text, location and kind filters (docs/benchmarks.md): btree_gin
-- lets the enum columns sit in a GIN index beside the vector and the trigrams. Like
-- pg_trgm it lives in public so that every schema on the search path finds its operators.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;--> statement-breakpoint
CREATE INDEX "job_ad_search_idx" ON "job_ad" USING gin ("search_vector","location" gin_trgm_ops,"work_mode","employment_type","assignment_type");--> statement-breakpoint
DROP INDEX "job_ad_search_vector_idx";--> statement-breakpoint
DROP INDEX "job_ad_location_trgm_idx";
