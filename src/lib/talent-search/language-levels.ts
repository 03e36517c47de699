import { LANGUAGE_LEVELS, levelRank, type LanguageLevel } from '../talent/proficiency-levels';

// The talent search's "languages with level": at least the level asked in every language.
// Talents choose their level on the profile's scale (LANGUAGE_LEVELS, one definition), so
// the search compares places on that scale; a language stored without a level meets no
// level filter.

export { LANGUAGE_LEVELS, type LanguageLevel };

/** A level's rank: A1 1 to NATIVE 7. */
export const languageLevelValue = (level: LanguageLevel): number => levelRank('language', level);

/**
 * The rank of a stored level as a PostgreSQL expression over a text column or expression
 * (`value` must be trusted SQL, never user input): 0 when it is not on the scale.
 */
export function languageLevelRankSql(value: string): string {
  const scale = LANGUAGE_LEVELS.map((level) => `'${level}'`).join(', ');
  return `coalesce(array_position(array[${scale}]::text[], ${value}), 0)`;
}
