import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readListParams } from '../../../src/lib/lists/list-params';
import { DEFAULT_EMPLOYER_SORT, EMPLOYER_SORTS, employerSortArgument } from '../../../src/lib/talent/employer-sort';
import { schema } from '../../../src/server/api/schema';

describe('employers list sorts (name and time on the roster)', () => {
  it('maps each address sort to the API sort of the same meaning', () => {
    expect(EMPLOYER_SORTS.map(employerSortArgument)).toEqual(['NAME_ASC', 'NAME_DESC', 'SINCE_DESC', 'SINCE_ASC']);
  });

  it('sends only values the API accepts, and covers every one of them', () => {
    const type = schema.getType('TalentEmployerSort');
    expect(isEnumType(type)).toBe(true);
    if (!isEnumType(type)) return;
    expect(EMPLOYER_SORTS.map(employerSortArgument).sort()).toEqual(type.getValues().map((value) => value.name).sort());
  });

  it('sorts by name A to Z when the address has no sort or an unknown one', () => {
    expect(DEFAULT_EMPLOYER_SORT).toBe('name-asc');
    expect(readListParams(new URL('http://x/talent/employers'), EMPLOYER_SORTS, DEFAULT_EMPLOYER_SORT).sort).toBe('name-asc');
    expect(readListParams(new URL('http://x/talent/employers?sort=balance'), EMPLOYER_SORTS, DEFAULT_EMPLOYER_SORT).sort).toBe('name-asc');
    expect(readListParams(new URL('http://x/talent/employers?sort=since-asc'), EMPLOYER_SORTS, DEFAULT_EMPLOYER_SORT).sort).toBe('since-asc');
  });
});
