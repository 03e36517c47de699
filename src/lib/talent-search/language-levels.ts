// How well a talent speaks a language (the talent search's "languages with level"). Talents write
// their level freely ("Fluent", "C1", "mother tongue"), so the search reads it on one
// scale: the first of these words found in the text gives its rank, the most specific
// words first ("upper intermediate" before "intermediate"). Text that names no level
// ranks 0 and meets no level filter. The SQL twin (languageLevelRankSql) is built from
// the same table, so the page and the database read a level alike.

export const LANGUAGE_LEVELS = ['BASIC', 'CONVERSATIONAL', 'PROFESSIONAL', 'FLUENT', 'NATIVE'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

/** A level's rank: BASIC 1 to NATIVE 5. */
export const languageLevelValue = (level: LanguageLevel): number => LANGUAGE_LEVELS.indexOf(level) + 1;

/** Words (lower case, matched as whole words) and the rank they mean. */
export const LANGUAGE_LEVEL_WORDS: ReadonlyArray<readonly [word: string, rank: number]> = [
  ['native', 5],
  ['mother tongue', 5],
  ['bilingual', 5],
  ['c2', 5],
  ['fluent', 4],
  ['advanced', 4],
  ['c1', 4],
  ['upper intermediate', 3],
  ['professional', 3],
  ['working', 3],
  ['b2', 3],
  ['conversational', 2],
  ['intermediate', 2],
  ['b1', 2],
  ['basic', 1],
  ['beginner', 1],
  ['elementary', 1],
  ['a2', 1],
  ['a1', 1],
];

/** The rank of a level written freely, 0 when it names none. */
export function languageLevelRank(text: string | null | undefined): number {
  const words = ` ${(text ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;
  for (const [word, rank] of LANGUAGE_LEVEL_WORDS) if (words.includes(` ${word} `)) return rank;
  return 0;
}

/**
 * The same reading as a PostgreSQL expression over a text column or expression (`value`
 * must be trusted SQL, never user input): punctuation to spaces, then the first word found.
 */
export function languageLevelRankSql(value: string): string {
  const normalised = `(' ' || trim(regexp_replace(lower(coalesce(${value}, '')), '[^a-z0-9]+', ' ', 'g')) || ' ')`;
  const cases = LANGUAGE_LEVEL_WORDS.map(([word, rank]) => `when position(' ${word} ' in ${normalised}) > 0 then ${rank}`).join(' ');
  return `(case ${cases} else 0 end)`;
}
