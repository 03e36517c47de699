import { describe, expect, it } from 'vitest';
import { newJobIds, readPersonalizedSearch, skillsSearchText } from '../../../src/lib/talent/matching-jobs';

describe('jobs matching the talent skills (mySkillsSearch, personalizedSearch)', () => {
  it('searches any of the skills, each once, at most ten', () => {
    expect(skillsSearchText(['React', ' TypeScript ', 'React', ''])).toBe('React or TypeScript');
    expect(skillsSearchText(Array.from({ length: 12 }, (_, index) => `s${index}`))?.split(' or ')).toHaveLength(10);
    expect(skillsSearchText([])).toBeNull();
  });

  it('every found job is new the first time and after the skills changed', () => {
    expect(newJobIds('React', ['a', 'b'], null)).toEqual(['a', 'b']);
    expect(newJobIds('React or Go', ['a', 'b'], { query: 'React', seenIds: ['a', 'b'] })).toEqual(['a', 'b']);
  });

  it('otherwise only jobs not seen last time are new', () => {
    expect(newJobIds('React', ['c', 'a', 'b'], { query: 'React', seenIds: ['a', 'b'] })).toEqual(['c']);
    expect(newJobIds('React', ['a'], { query: 'React', seenIds: ['a', 'b'] })).toEqual([]);
  });

  it('ignores a stored value it cannot read', () => {
    expect(readPersonalizedSearch('not json')).toBeNull();
    expect(readPersonalizedSearch('{"query":1}')).toBeNull();
    expect(readPersonalizedSearch(null)).toBeNull();
    expect(readPersonalizedSearch('{"query":"React","seenIds":["a"]}')).toEqual({ query: 'React', seenIds: ['a'] });
  });
});
