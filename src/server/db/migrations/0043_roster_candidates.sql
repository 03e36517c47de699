-- The talents a company may add to its roster are listed by name up to a limit
-- (roster-candidates.ts): walked in that order, not sorted out of every applicant.
CREATE INDEX "talent_profile_name_order_idx" ON "talent_profile" USING btree (lower(coalesce("profile_name", '')),"id") WHERE "talent_profile"."deleted_at" is null;