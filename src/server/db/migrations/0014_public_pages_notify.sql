-- The guest page cache: guest pages (/jobs, job pages) are kept in each process's memory until the data
-- behind them changes. Every statement that writes job ads, job descriptions or companies
-- notifies tp_public_pages at commit (one notification per transaction and channel), and
-- every process listening empties its cache. Statement-level: a bulk write costs one call.
CREATE OR REPLACE FUNCTION notify_public_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tp_public_pages', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER job_ad_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_ad" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();--> statement-breakpoint
CREATE TRIGGER job_description_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_description" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();--> statement-breakpoint
CREATE TRIGGER company_notify_public_pages AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "company" FOR EACH STATEMENT EXECUTE FUNCTION notify_public_pages();
