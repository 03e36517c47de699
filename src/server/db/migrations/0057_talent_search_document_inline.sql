-- A talent's search document kept in her profile's row, as the job ads' is (migration 0039):
-- a profile is some 2.4 KB, so PostgreSQL moved its largest value, this document (about
-- 600 bytes, which compression hardly shrinks), out to the TOAST table, and every profile the
-- talent search tested cost four more page reads (the walk of the 10,000 most complete
-- profiles: 35 ms of 50). With MAIN storage the other large values (picture, experience) go
-- out first, and only those a result shows are read. The change applies to every document
-- written from now on; the rows already there move as their talents save them, or all at once
-- with `VACUUM FULL talent_profile` (docs/deploy.md, "Upgrading").
ALTER TABLE "talent_profile" ALTER COLUMN "search_document" SET STORAGE MAIN;
