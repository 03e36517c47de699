-- Skill and language levels move from free text onto the fixed scales of
-- src/lib/talent/proficiency-levels.ts: the first word of the scale's list found in the
-- text (lower case, punctuation as spaces, whole words) gives the level, and an entry whose
-- text names none keeps no level. A level already on its scale reads as itself, so running
-- this again changes nothing. Written by hand (drizzle-kit generate --custom): drizzle-kit
-- sees no schema change here. tests/integration/db/level-migration.test.ts holds it to
-- levelFromText word by word.
UPDATE talent_profile SET skills = (
  SELECT jsonb_agg(
    CASE
      WHEN jsonb_typeof(item.entry) <> 'object' THEN item.entry
      WHEN mapped.level IS NULL THEN item.entry - 'level'
      ELSE jsonb_set(item.entry, '{level}', to_jsonb(mapped.level))
    END ORDER BY item.position)
  FROM jsonb_array_elements(skills) WITH ORDINALITY AS item(entry, position)
  CROSS JOIN LATERAL (
    SELECT ' ' || trim(regexp_replace(lower(CASE WHEN jsonb_typeof(item.entry -> 'level') = 'string' THEN item.entry ->> 'level' ELSE '' END), '[^a-z0-9]+', ' ', 'g')) || ' ' AS words
  ) AS typed
  CROSS JOIN LATERAL (
    SELECT CASE
        WHEN position(' expert ' IN typed.words) > 0 THEN 'EXPERT'
        WHEN position(' master ' IN typed.words) > 0 THEN 'EXPERT'
        WHEN position(' advanced ' IN typed.words) > 0 THEN 'ADVANCED'
        WHEN position(' senior ' IN typed.words) > 0 THEN 'ADVANCED'
        WHEN position(' proficient ' IN typed.words) > 0 THEN 'ADVANCED'
        WHEN position(' fluent ' IN typed.words) > 0 THEN 'ADVANCED'
        WHEN position(' intermediate ' IN typed.words) > 0 THEN 'INTERMEDIATE'
        WHEN position(' competent ' IN typed.words) > 0 THEN 'INTERMEDIATE'
        WHEN position(' professional ' IN typed.words) > 0 THEN 'INTERMEDIATE'
        WHEN position(' working ' IN typed.words) > 0 THEN 'INTERMEDIATE'
        WHEN position(' beginner ' IN typed.words) > 0 THEN 'BEGINNER'
        WHEN position(' basic ' IN typed.words) > 0 THEN 'BEGINNER'
        WHEN position(' junior ' IN typed.words) > 0 THEN 'BEGINNER'
        WHEN position(' novice ' IN typed.words) > 0 THEN 'BEGINNER'
        WHEN position(' elementary ' IN typed.words) > 0 THEN 'BEGINNER'
      END AS level
  ) AS mapped
)
WHERE jsonb_typeof(skills) = 'array' AND jsonb_array_length(skills) > 0;
--> statement-breakpoint
UPDATE talent_profile SET languages = (
  SELECT jsonb_agg(
    CASE
      WHEN jsonb_typeof(item.entry) <> 'object' THEN item.entry
      WHEN mapped.level IS NULL THEN item.entry - 'level'
      ELSE jsonb_set(item.entry, '{level}', to_jsonb(mapped.level))
    END ORDER BY item.position)
  FROM jsonb_array_elements(languages) WITH ORDINALITY AS item(entry, position)
  CROSS JOIN LATERAL (
    SELECT ' ' || trim(regexp_replace(lower(CASE WHEN jsonb_typeof(item.entry -> 'level') = 'string' THEN item.entry ->> 'level' ELSE '' END), '[^a-z0-9]+', ' ', 'g')) || ' ' AS words
  ) AS typed
  CROSS JOIN LATERAL (
    SELECT CASE
        WHEN position(' native ' IN typed.words) > 0 THEN 'NATIVE'
        WHEN position(' mother tongue ' IN typed.words) > 0 THEN 'NATIVE'
        WHEN position(' bilingual ' IN typed.words) > 0 THEN 'NATIVE'
        WHEN position(' c2 ' IN typed.words) > 0 THEN 'C2'
        WHEN position(' proficient ' IN typed.words) > 0 THEN 'C2'
        WHEN position(' c1 ' IN typed.words) > 0 THEN 'C1'
        WHEN position(' fluent ' IN typed.words) > 0 THEN 'C1'
        WHEN position(' advanced ' IN typed.words) > 0 THEN 'C1'
        WHEN position(' b2 ' IN typed.words) > 0 THEN 'B2'
        WHEN position(' upper intermediate ' IN typed.words) > 0 THEN 'B2'
        WHEN position(' professional ' IN typed.words) > 0 THEN 'B2'
        WHEN position(' working ' IN typed.words) > 0 THEN 'B2'
        WHEN position(' b1 ' IN typed.words) > 0 THEN 'B1'
        WHEN position(' intermediate ' IN typed.words) > 0 THEN 'B1'
        WHEN position(' conversational ' IN typed.words) > 0 THEN 'B1'
        WHEN position(' a2 ' IN typed.words) > 0 THEN 'A2'
        WHEN position(' elementary ' IN typed.words) > 0 THEN 'A2'
        WHEN position(' a1 ' IN typed.words) > 0 THEN 'A1'
        WHEN position(' basic ' IN typed.words) > 0 THEN 'A1'
        WHEN position(' beginner ' IN typed.words) > 0 THEN 'A1'
      END AS level
  ) AS mapped
)
WHERE jsonb_typeof(languages) = 'array' AND jsonb_array_length(languages) > 0;
