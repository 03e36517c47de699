-- The talent search's set filters in one GIN index (schema/talents.ts): skills, languages and
-- the rate's currency narrowed in one scan. Apart, the planner intersected the bitmap of a
-- rare skill with the bitmap of every English speaker (half the profiles). Created before the
-- two indexes it replaces are dropped, so the release before it is never without one. The
-- index of the available talents by date served no query any more.
CREATE INDEX "talent_profile_search_filters_idx" ON "talent_profile" USING gin ("skill_keys","language_keys","rate_currency");--> statement-breakpoint
DROP INDEX "talent_profile_skill_keys_idx";--> statement-breakpoint
DROP INDEX "talent_profile_language_keys_idx";--> statement-breakpoint
DROP INDEX "talent_profile_available_idx";
