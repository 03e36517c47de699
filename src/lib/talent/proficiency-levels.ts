// The fixed scales of a talent's skill and language levels: the one definition the profile
// form offers, the API accepts and the company talent search filters on (its "at least
// this level" reads a scale's order). Levels were once free text; the migration that moved
// them onto these scales (migrations/0019_skill_and_language_levels.sql) reads the words
// below, most specific first, and its SQL is checked against levelFromText by a test.

/** How well a talent masters a skill, lowest first. */
export const SKILL_LEVELS = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'EXPERT'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** How well a talent speaks a language: the CEFR levels, then a native speaker. */
export const LANGUAGE_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'NATIVE'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

export type LevelScale = 'skill' | 'language';

export const LEVEL_SCALES = { skill: SKILL_LEVELS, language: LANGUAGE_LEVELS } as const;

/** Where a level's words live (`common:levels.<scale>.<level>`; '' is `unset`). */
export const levelKey = (scale: LevelScale, level: string): string => `common:levels.${scale}.${level || 'unset'}`;

export function isLevelOf(scale: LevelScale, value: unknown): boolean {
  return typeof value === 'string' && (LEVEL_SCALES[scale] as readonly string[]).includes(value);
}

/** A level's place on its scale, 1 for the lowest; 0 when it is not on it. */
export function levelRank(scale: LevelScale, level: string | null | undefined): number {
  return (LEVEL_SCALES[scale] as readonly string[]).indexOf(level ?? '') + 1;
}

/**
 * Free text as people wrote it, word (lower case, matched as whole words) to level, the
 * most specific first ("upper intermediate" before "intermediate"). Each level's own code
 * is in its list, so reading a level already on the scale gives it back.
 */
export const LEVEL_WORDS: { readonly [S in LevelScale]: ReadonlyArray<readonly [word: string, level: (typeof LEVEL_SCALES)[S][number]]> } = {
  skill: [
    ['expert', 'EXPERT'],
    ['master', 'EXPERT'],
    ['advanced', 'ADVANCED'],
    ['senior', 'ADVANCED'],
    ['proficient', 'ADVANCED'],
    ['fluent', 'ADVANCED'],
    ['intermediate', 'INTERMEDIATE'],
    ['competent', 'INTERMEDIATE'],
    ['professional', 'INTERMEDIATE'],
    ['working', 'INTERMEDIATE'],
    ['beginner', 'BEGINNER'],
    ['basic', 'BEGINNER'],
    ['junior', 'BEGINNER'],
    ['novice', 'BEGINNER'],
    ['elementary', 'BEGINNER'],
  ],
  language: [
    ['native', 'NATIVE'],
    ['mother tongue', 'NATIVE'],
    ['bilingual', 'NATIVE'],
    ['c2', 'C2'],
    ['proficient', 'C2'],
    ['c1', 'C1'],
    ['fluent', 'C1'],
    ['advanced', 'C1'],
    ['b2', 'B2'],
    ['upper intermediate', 'B2'],
    ['professional', 'B2'],
    ['working', 'B2'],
    ['b1', 'B1'],
    ['intermediate', 'B1'],
    ['conversational', 'B1'],
    ['a2', 'A2'],
    ['elementary', 'A2'],
    ['a1', 'A1'],
    ['basic', 'A1'],
    ['beginner', 'A1'],
  ],
};

/** The text lower-cased, punctuation to single spaces, padded so that every word has a space on each side. */
export const levelWordsOf = (text: string | null | undefined): string => ` ${(text ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `;

/** The level a free text names, the first word of the scale's list found in it; null when it names none. */
export function levelFromText<S extends LevelScale>(scale: S, text: string | null | undefined): (typeof LEVEL_SCALES)[S][number] | null {
  const words = levelWordsOf(text);
  for (const [word, level] of LEVEL_WORDS[scale]) if (words.includes(` ${word} `)) return level as (typeof LEVEL_SCALES)[S][number];
  return null;
}
