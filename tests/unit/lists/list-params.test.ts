import { describe, expect, it } from 'vitest';
import { listHref, readListParams } from '../../../src/lib/lists/list-params';

const SORTS = ['newest', 'oldest'] as const;

describe('list address state', () => {
  it('reads page and sort from the address', () => {
    expect(readListParams(new URL('http://x/l?page=3&sort=oldest'), SORTS, 'newest')).toEqual({ page: 3, sort: 'oldest' });
  });

  it('falls back to page 1 and the default sort for anything unknown', () => {
    for (const query of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=99999999', 'sort=drop%20table', 'sort=']) {
      const params = readListParams(new URL(`http://x/l?${query}`), SORTS, 'newest');
      expect([params.page >= 1 && params.page <= 10_000, SORTS.includes(params.sort)]).toEqual([true, true]);
    }
    expect(readListParams(new URL('http://x/l?page=abc&sort=nope'), SORTS, 'newest')).toEqual({ page: 1, sort: 'newest' });
  });

  it('builds page links keeping the other params, page 1 without a page param', () => {
    const url = new URL('http://x/talent/billing?sort=oldest&page=2');
    expect(listHref(url, { page: 3 })).toBe('/talent/billing?sort=oldest&page=3');
    expect(listHref(url, { page: 1 })).toBe('/talent/billing?sort=oldest');
    expect(listHref(url, { sort: null })).toBe('/talent/billing?page=2');
  });
});
