import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../../src/lib/routes/safe-return-to';

const corpus = readFileSync(new URL('../../fixtures/open-redirects.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

/** The browser's reading of a redirect target: does it stay on our origin? */
function staysOnOrigin(target: string): boolean {
  const origin = 'https://talentplace.example';
  const url = new URL(target, `${origin}/sign-in`);
  return url.origin === origin;
}

describe('returnTo after sign-in (security checklist C18)', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnTo('/talent/profile')).toBe('/talent/profile');
    expect(safeReturnTo('/jobs?q=react&page=2#results')).toBe('/jobs?q=react&page=2#results');
  });

  it.each(['//evil.com', '/\\evil.com', '/\t/evil.com', '/./\\evil.com', 'https://evil.com', 'javascript:alert(1)', '/%2F%2Fevil.com', '%2F%2Fevil.com', '', null, undefined])(
    'sends %s home',
    (value) => {
      expect(safeReturnTo(value as string)).toBe('/');
    },
  );

  // Dot segments, plain or encoded, can make a path that passes the first look into
  // `//evil.com` once the URL is normalised: the value redirected to is the one checked.
  it.each([
    '/.//evil.com',
    '/./\\/evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/a/%2e%2e//evil.com',
    '/a/.%2e//evil.com',
    '/.%2F/evil.com',
    '/%2e%2f%2fevil.com',
    '/a/%2e%2e%2f%2fevil.com',
    '/%252e//evil.com',
    '/./%2F%2Fevil.com',
    '/.//evil.com/talent/profile?x=1',
    '/%2e/%2e//evil.com',
  ])('keeps %s on our origin after normalisation', (value) => {
    const target = safeReturnTo(value);
    expect(staysOnOrigin(target)).toBe(true);
    expect(target.startsWith('//')).toBe(false);
  });

  it('normalises harmless dot segments instead of refusing them', () => {
    expect(safeReturnTo('/talent/./profile')).toBe('/talent/profile');
    expect(safeReturnTo('/a/../jobs?q=x')).toBe('/jobs?q=x');
  });

  it(`keeps every one of the ${corpus.length} payloads of the open-redirect corpus on our origin`, () => {
    const escaped = corpus.filter((payload) => !staysOnOrigin(safeReturnTo(payload)));
    expect(escaped).toEqual([]);
    expect(corpus.length).toBeGreaterThan(100);
  });
});
