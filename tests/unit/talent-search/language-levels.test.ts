import { describe, expect, it } from 'vitest';
import { LANGUAGE_LEVEL_WORDS, languageLevelRank, languageLevelRankSql, languageLevelValue } from '../../../src/lib/talent-search/language-levels';

describe('language levels: a freely written level is read on one scale', () => {
  it('reads the words talents write', () => {
    expect(languageLevelRank('Native')).toBe(5);
    expect(languageLevelRank('Mother tongue')).toBe(5);
    expect(languageLevelRank('fluent')).toBe(4);
    expect(languageLevelRank('C1 (advanced)')).toBe(4);
    expect(languageLevelRank('Professional working proficiency')).toBe(3);
    expect(languageLevelRank('Upper-intermediate')).toBe(3);
    expect(languageLevelRank('Intermediate')).toBe(2);
    expect(languageLevelRank('Conversational')).toBe(2);
    expect(languageLevelRank('Basic')).toBe(1);
    expect(languageLevelRank('a2')).toBe(1);
  });
  it('ranks text that names no level 0, and needs whole words', () => {
    expect(languageLevelRank('')).toBe(0);
    expect(languageLevelRank(null)).toBe(0);
    expect(languageLevelRank('some')).toBe(0);
    expect(languageLevelRank('nativeish')).toBe(0);
  });
  it('orders the scale from basic to native', () => {
    expect([languageLevelValue('BASIC'), languageLevelValue('PROFESSIONAL'), languageLevelValue('NATIVE')]).toEqual([1, 3, 5]);
  });
  it('builds its SQL twin from the same words', () => {
    const expression = languageLevelRankSql("l->>'level'");
    for (const [word, rank] of LANGUAGE_LEVEL_WORDS) expect(expression).toContain(`when position(' ${word} ' in`);
    expect(expression.match(/ then (\d)/g)?.map((part) => Number(part.slice(-1)))).toEqual(LANGUAGE_LEVEL_WORDS.map(([, rank]) => rank));
  });
});
