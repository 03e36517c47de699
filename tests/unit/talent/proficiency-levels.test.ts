import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../src/lib/i18n/i18n';
import { isLevelOf, LANGUAGE_LEVELS, LEVEL_SCALES, LEVEL_WORDS, levelFromText, levelKey, levelRank, SKILL_LEVELS } from '../../../src/lib/talent/proficiency-levels';
import { LANGUAGE_LEVELS as SEARCH_LANGUAGE_LEVELS } from '../../../src/lib/talent-search/language-levels';

describe('skill and language levels: fixed scales', () => {
  it('skill levels are beginner, intermediate, advanced and expert, lowest first', () => {
    expect(SKILL_LEVELS).toEqual(['BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'EXPERT']);
    expect(levelRank('skill', 'BEGINNER')).toBe(1);
    expect(levelRank('skill', 'EXPERT')).toBe(4);
  });

  it('language levels are CEFR A1 to C2 then native, lowest first', () => {
    expect(LANGUAGE_LEVELS).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'NATIVE']);
    expect(levelRank('language', 'A1')).toBe(1);
    expect(levelRank('language', 'NATIVE')).toBe(7);
  });

  it('talent search filters on the same language scale: one definition', () => {
    expect(SEARCH_LANGUAGE_LEVELS).toBe(LANGUAGE_LEVELS);
  });

  it('a level off its scale ranks 0 and is not of the scale', () => {
    expect(levelRank('language', 'Fluent')).toBe(0);
    expect(levelRank('skill', null)).toBe(0);
    expect(isLevelOf('skill', 'C1')).toBe(false);
    expect(isLevelOf('language', 'C1')).toBe(true);
    expect(isLevelOf('language', 'c1')).toBe(false);
  });

  it('every level and the unset choice have words', () => {
    const t = getTranslator(['common']);
    for (const scale of ['skill', 'language'] as const) {
      for (const level of ['', ...LEVEL_SCALES[scale]]) expect(t(levelKey(scale, level)), `${scale} ${level}`).not.toBe(levelKey(scale, level));
    }
    expect(t(levelKey('language', 'B2'))).toBe('B2 · Upper intermediate');
  });
});

describe('free text levels are read onto the scales (the data migration)', () => {
  it('maps language words people write to CEFR or native', () => {
    expect(levelFromText('language', 'Native')).toBe('NATIVE');
    expect(levelFromText('language', 'mother tongue')).toBe('NATIVE');
    expect(levelFromText('language', 'fluent')).toBe('C1');
    expect(levelFromText('language', 'Fluent (C2)')).toBe('C2');
    expect(levelFromText('language', 'C1')).toBe('C1');
    expect(levelFromText('language', 'advanced')).toBe('C1');
    expect(levelFromText('language', 'Upper-intermediate')).toBe('B2');
    expect(levelFromText('language', 'Professional working proficiency')).toBe('B2');
    expect(levelFromText('language', 'intermediate')).toBe('B1');
    expect(levelFromText('language', 'Conversational')).toBe('B1');
    expect(levelFromText('language', 'elementary')).toBe('A2');
    expect(levelFromText('language', 'beginner')).toBe('A1');
    expect(levelFromText('language', 'Basic')).toBe('A1');
  });

  it('maps skill words people write to the skill scale', () => {
    expect(levelFromText('skill', 'expert')).toBe('EXPERT');
    expect(levelFromText('skill', 'Advanced')).toBe('ADVANCED');
    expect(levelFromText('skill', 'senior')).toBe('ADVANCED');
    expect(levelFromText('skill', 'intermediate')).toBe('INTERMEDIATE');
    expect(levelFromText('skill', 'Upper intermediate')).toBe('INTERMEDIATE');
    expect(levelFromText('skill', 'beginner')).toBe('BEGINNER');
    expect(levelFromText('skill', 'junior')).toBe('BEGINNER');
  });

  it('leaves unmappable text without a level', () => {
    expect(levelFromText('language', 'some')).toBeNull();
    expect(levelFromText('language', 'nativeish')).toBeNull();
    expect(levelFromText('language', 'expert')).toBeNull();
    expect(levelFromText('skill', 'native')).toBeNull();
    expect(levelFromText('skill', 'C1')).toBeNull();
    expect(levelFromText('skill', '')).toBeNull();
    expect(levelFromText('skill', null)).toBeNull();
  });

  it('reads a level already on its scale as itself, so reading twice changes nothing', () => {
    for (const level of SKILL_LEVELS) expect(levelFromText('skill', level)).toBe(level);
    for (const level of LANGUAGE_LEVELS) expect(levelFromText('language', level)).toBe(level);
  });

  it('names only levels of the scale in its word list', () => {
    for (const scale of ['skill', 'language'] as const) {
      for (const [, level] of LEVEL_WORDS[scale]) expect(isLevelOf(scale, level)).toBe(true);
    }
  });
});
