import { describe, expect, it } from 'vitest';
import { LANGUAGE_LEVELS, languageLevelRankSql, languageLevelValue } from '../../../src/lib/talent-search/language-levels';

describe('language levels: the search compares places on the profile scale', () => {
  it('ranks A1 lowest and native highest', () => {
    expect([languageLevelValue('A1'), languageLevelValue('B2'), languageLevelValue('NATIVE')]).toEqual([1, 4, 7]);
  });

  it('the SQL twin lists the scale in its order and ranks anything else 0', () => {
    const expression = languageLevelRankSql("l->>'level'");
    expect(expression).toBe(`coalesce(array_position(array[${LANGUAGE_LEVELS.map((level) => `'${level}'`).join(', ')}]::text[], l->>'level'), 0)`);
  });
});
